import { z } from 'zod';
import { uuidSchema } from './common.js';

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
