import { z } from 'zod';
import { uuidSchema, versionSchema } from './common.js';

export const departmentSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  parent_team_id: uuidSchema.nullable(),
  is_leadership_team: z.boolean(),
  is_member: z.boolean(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentListSchema = z.object({
  departments: z.array(departmentSchema),
  is_leadership_member: z.boolean(),
});
export type DepartmentList = z.infer<typeof departmentListSchema>;

// Administration of departments (admins change; every member reads the organization-wide list).

const departmentColourSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: 'Must be a colour like #1d4ed8' });
const departmentNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name must be at most 100 characters' });
const departmentDescriptionSchema = z.string().trim().max(2000, { error: 'Description is too long' });

/** Most organizations have a handful of departments; the list is bounded rather than paged. */
export const DEPARTMENT_LIST_MAX = 1000;

export const adminDepartmentSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  parentTeamId: uuidSchema.nullable(),
  isLeadershipTeam: z.boolean(),
  memberCount: z.number().int(),
  archivedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDepartment = z.infer<typeof adminDepartmentSchema>;
export const adminDepartmentListSchema = z.object({ data: z.array(adminDepartmentSchema) });

export const departmentListQuerySchema = z.strictObject({
  /** true: the archived departments instead of the active ones. */
  archived: z.enum(['true', 'false']).default('false'),
});

export const createDepartmentRequestSchema = z.strictObject({
  name: departmentNameSchema,
  description: departmentDescriptionSchema.nullable().optional(),
  color: departmentColourSchema.nullable().optional(),
  parentTeamId: uuidSchema.nullable().optional(),
});
export type CreateDepartmentRequest = z.infer<typeof createDepartmentRequestSchema>;

/** A partial edit based on `version`; null clears an optional field (a null parent makes it top-level). */
export const updateDepartmentRequestSchema = z.strictObject({
  version: versionSchema,
  name: departmentNameSchema.optional(),
  description: departmentDescriptionSchema.nullable().optional(),
  color: departmentColourSchema.nullable().optional(),
  parentTeamId: uuidSchema.nullable().optional(),
});
export type UpdateDepartmentRequest = z.infer<typeof updateDepartmentRequestSchema>;

export const departmentVersionRequestSchema = z.strictObject({ version: versionSchema });

export const departmentParamsSchema = z.object({ organizationId: uuidSchema, departmentId: uuidSchema });
export const departmentMemberParamsSchema = departmentParamsSchema.extend({ userId: uuidSchema });

export const departmentRoleSchema = z.enum(['lead', 'member'], { error: 'Role must be lead or member' });
export type DepartmentRole = z.infer<typeof departmentRoleSchema>;

export const departmentMemberSchema = z.object({
  userId: uuidSchema,
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: departmentRoleSchema,
});
export type DepartmentMember = z.infer<typeof departmentMemberSchema>;
export const departmentMemberListSchema = z.object({ data: z.array(departmentMemberSchema) });

export const addDepartmentMemberRequestSchema = z.strictObject({
  userId: uuidSchema,
  role: departmentRoleSchema.default('member'),
});
export type AddDepartmentMemberRequest = z.input<typeof addDepartmentMemberRequestSchema>;

export const setDepartmentMemberRoleRequestSchema = z.strictObject({ role: departmentRoleSchema });
