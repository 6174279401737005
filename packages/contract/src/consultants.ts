import { z } from 'zod';
import { isoDateTimeSchema, organizationParamsSchema, uuidSchema, versionSchema } from './common.js';
import { invitationDeliverySchema } from './members.js';
import { accountStatusSchema } from './organizations.js';
import { subscriptionTierSchema } from './subscription.js';

const emailSchema = z
  .email({ error: 'Please enter a valid email address' })
  .max(254, { error: 'Please enter a valid email address' });

/** Consultant invitations stay valid this long, like member invitations. */
export const CONSULTANT_INVITATION_TTL_DAYS = 7;
/** /consultant reads each client in its own tenant scope, in parallel; this bounds that fan-out. */
export const CONSULTANT_CLIENTS_MAX = 50;

/** What a consultant may do inside a client: the role they act with there (never owner). */
export const consultantAccessLevelSchema = z.enum(['admin', 'member', 'observer']);
export type ConsultantAccessLevel = z.infer<typeof consultantAccessLevelSchema>;
export const consultantGrantStatusSchema = z.enum(['invited', 'active', 'revoked']);
export const consultantClientStatusSchema = z.enum(['active', 'paused', 'graduated']);

/** A client admin's view of one consultant's access to their organization. */
export const consultantGrantSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  consultantName: z.string().nullable(),
  accessLevel: consultantAccessLevelSchema,
  status: consultantGrantStatusSchema,
  clientStatus: consultantClientStatusSchema,
  expiresAt: isoDateTimeSchema.nullable(),
  grantedAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  version: versionSchema,
});
export type ConsultantGrant = z.infer<typeof consultantGrantSchema>;

export const inviteConsultantRequestSchema = z.strictObject({
  email: emailSchema,
  accessLevel: consultantAccessLevelSchema.default('admin'),
});
export type InviteConsultantRequest = z.input<typeof inviteConsultantRequestSchema>;

/** The answer to inviting a consultant: the grant and how its link reaches them (see invitationDeliverySchema). */
export const sentConsultantGrantSchema = consultantGrantSchema.extend({ delivery: invitationDeliverySchema });
export type SentConsultantGrant = z.infer<typeof sentConsultantGrantSchema>;

export const revokeConsultantRequestSchema = z.strictObject({ version: versionSchema });
export const consultantGrantParamsSchema = organizationParamsSchema.extend({ accessId: uuidSchema });

export const acceptConsultantInvitationRequestSchema = z.strictObject({
  organizationId: uuidSchema,
  token: z.string().min(1).max(200),
});
export const acceptedConsultantInvitationSchema = z.object({
  organizationId: uuidSchema,
  organizationName: z.string(),
});

/** One client on /consultant, with a few live figures read inside the client's own scope. */
export const consultantClientSchema = z.object({
  organizationId: uuidSchema,
  organizationName: z.string(),
  accessLevel: consultantAccessLevelSchema,
  clientStatus: consultantClientStatusSchema,
  grantedAt: isoDateTimeSchema.nullable(),
  figures: z.object({
    members: z.number().int(),
    openIssues: z.number().int(),
    prioritiesOnTrack: z.number().int(),
    prioritiesThisQuarter: z.number().int(),
  }),
  /** The client's plan: trial days left, or the subscription's status (read from its organization row). */
  plan: z
    .object({
      accountStatus: accountStatusSchema,
      subscriptionTier: subscriptionTierSchema,
      trialDaysRemaining: z.number().int(),
    })
    .optional(),
});
export type ConsultantClient = z.infer<typeof consultantClientSchema>;
export const consultantClientListSchema = z.object({
  clients: z.array(consultantClientSchema),
  /** More clients than CONSULTANT_CLIENTS_MAX: the oldest grants are shown. */
  truncated: z.boolean(),
});
export type ConsultantClientList = z.infer<typeof consultantClientListSchema>;

export const switchOrganizationRequestSchema = z.strictObject({ organizationId: uuidSchema });
