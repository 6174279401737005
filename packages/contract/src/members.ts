import { z } from 'zod';
import { legalAcceptanceSchema, registerFieldsSchema, roleSchema } from './auth.js';
import {
  isoDateTimeSchema,
  organizationParamsSchema,
  pageOf,
  pageQuerySchema,
  uuidSchema,
  versionSchema,
} from './common.js';
import { LEGAL_REQUIRED_FOR_REGISTRATION } from './constants.js';

/** Invitation links stay valid this long; a resend starts the period again. */
export const INVITATION_TTL_DAYS = 7;

export const memberStatusSchema = z.enum(['active', 'deactivated']);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

const memberTeamSchema = z.object({ id: uuidSchema, name: z.string() });

export const memberSchema = z.object({
  userId: uuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  status: memberStatusSchema,
  teams: z.array(memberTeamSchema),
  lastSignInAt: isoDateTimeSchema.nullable(),
  version: versionSchema,
});
export type Member = z.infer<typeof memberSchema>;
export const memberPageSchema = pageOf(memberSchema);
export type MemberPage = z.infer<typeof memberPageSchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const memberParamsSchema = organizationParamsSchema.extend({ userId: uuidSchema });

export const changeRoleRequestSchema = z.strictObject({ role: roleSchema, version: versionSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

export const memberStatusRequestSchema = z.strictObject({ version: versionSchema });
export type MemberStatusRequest = z.infer<typeof memberStatusRequestSchema>;

export const invitationStateSchema = z.enum(['pending', 'expired', 'accepted', 'revoked']);
export type InvitationState = z.infer<typeof invitationStateSchema>;

export const invitationSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  role: roleSchema,
  teamIds: z.array(uuidSchema),
  state: invitationStateSchema,
  invitedById: uuidSchema.nullable(),
  expiresAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  version: versionSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationPageSchema = pageOf(invitationSchema);

export const invitationListQuerySchema = pageQuerySchema;

/** A link the administrator passes on by hand, because no mail carried it. */
export const unmailedInvitationSchema = z.object({ email: z.string(), link: z.string() });
export type UnmailedInvitation = z.infer<typeof unmailedInvitationSchema>;

/**
 * What became of the invitation mails. With mail set up on the server they were sent (a failed delivery
 * is kept among the failed operations): `mailed`, and no links. Without it mail is only logged, so the
 * links come back to the administrator who made the invitations, never to anyone else, to pass on.
 */
export const invitationDeliverySchema = z.object({
  mailed: z.boolean(),
  unmailed: z.array(unmailedInvitationSchema),
});
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;

/** The answer to inviting or resending: the invitation and how its link reaches the person. */
export const sentInvitationSchema = invitationSchema.extend({ delivery: invitationDeliverySchema });
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

export const createInvitationRequestSchema = z.strictObject({
  email: z
    .email({ error: 'Please enter a valid email address' })
    .max(254, { error: 'Please enter a valid email address' }),
  role: roleSchema,
  teamIds: z.array(uuidSchema).max(50).default([]),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const invitationParamsSchema = organizationParamsSchema.extend({ invitationId: uuidSchema });
export const invitationVersionRequestSchema = z.strictObject({ version: versionSchema });

/** What the public accept page shows about a link before anyone signs in. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: roleSchema,
  organizationName: z.string(),
  inviterName: z.string().nullable(),
  teams: z.array(z.string()),
  expiresAt: isoDateTimeSchema,
  /** Whether an account with this e-mail already exists: it signs in instead of registering. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** open: it can be accepted; the others say why it cannot (`message`, shown as it is). */
export const invitationLinkStateSchema = z.enum(['open', 'accepted', 'expired', 'revoked', 'invalid']);
export type InvitationLinkState = z.infer<typeof invitationLinkStateSchema>;

/**
 * The public look-up of a link. A link that no longer works is an answer, not an error: opening it
 * twice or after expiry shows a page that says so (and logs nothing in the browser).
 */
export const invitationLookupSchema = z.object({
  state: invitationLinkStateSchema,
  message: z.string().nullable(),
  invitation: invitationPreviewSchema.nullable(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const invitationTokenParamsSchema = z.object({ token: z.string().min(10).max(200) });

/** A new person registers through the link with these; an existing account sends no body, only its Bearer token. */
export const newPersonAcceptanceSchema = z.strictObject({
  firstName: registerFieldsSchema.shape.firstName,
  lastName: registerFieldsSchema.shape.lastName,
  password: registerFieldsSchema.shape.password,
  legalAgreement: legalAcceptanceSchema.refine((value) => value.termsAccepted && value.privacyAccepted, {
    error: LEGAL_REQUIRED_FOR_REGISTRATION,
  }),
});
export type NewPersonAcceptance = z.infer<typeof newPersonAcceptanceSchema>;

// Every field optional at the edge: which ones are required depends on whether the caller is signed in.
export const acceptInvitationRequestSchema = z.strictObject({
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  password: z.string().max(256).optional(),
  legalAgreement: legalAcceptanceSchema.optional(),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/** The accept page's form for a new person: the registration form's fields and messages, no organization. */
export const acceptInvitationFormSchema = z
  .strictObject({
    firstName: registerFieldsSchema.shape.firstName,
    lastName: registerFieldsSchema.shape.lastName,
    password: registerFieldsSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type AcceptInvitationForm = z.infer<typeof acceptInvitationFormSchema>;
