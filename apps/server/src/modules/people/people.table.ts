import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgPolicy, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  appRole,
  createdAt,
  currentOrganizationId,
  currentUserId,
  organizationIdColumn,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  updatedAt,
  versionedTimestamps,
} from '../../db/table-helpers.js';

/** People are global: one login may belong to several organizations (memberships) or coach them. */
export const users = pgTable(
  'users',
  {
    id: primaryId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    isConsultant: boolean('is_consultant').notNull().default(false),
    status: text('status', { enum: ['invited', 'active', 'deactivated'] })
      .notNull()
      .default('active'),
    lastOrganizationId: uuid('last_organization_id'),
    passwordChangedAt: timestampColumn('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A person a row belongs to; the row goes with them. */
export const personColumn = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const organizations = pgTable(
  'organizations',
  {
    id: primaryId(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logoKey: text('logo_key'),
    logoMimeType: text('logo_mime_type'),
    logoSize: integer('logo_size').notNull().default(100),
    themePrimaryColor: text('theme_primary_color').notNull().default('#1d4ed8'),
    themeSecondaryColor: text('theme_secondary_color').notNull().default('#3b82f6'),
    themeAccentColor: text('theme_accent_color').notNull().default('#60a5fa'),
    timezone: text('timezone').notNull().default('UTC'),
    weekStartDay: integer('week_start_day').notNull().default(1),
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    methodology: text('methodology', { enum: ['eos', '4dx', 'okrs', 'scaling_up', 'custom'] }),
    accountStatus: text('account_status', { enum: ['trialing', 'active', 'past_due', 'canceled'] })
      .notNull()
      .default('trialing'),
    subscriptionTier: text('subscription_tier', { enum: ['trial', 'starter', 'growth'] })
      .notNull()
      .default('trial'),
    trialEndsAt: timestampColumn('trial_ends_at').notNull(),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('organizations_slug_key').on(table.slug),
    // A member sees the organizations they belong to (to list and switch), and writes only the current one.
    pgPolicy('organization_isolation', {
      for: 'all',
      to: appRole,
      using: sql`${table.id} = ${currentOrganizationId} or ${table.id} in (select m.organization_id from memberships m where m.user_id = ${currentUserId})`,
      withCheck: sql`${table.id} = ${currentOrganizationId}`,
    }),
  ],
);

/** The organization a row belongs to; the row goes with it. */
export const organizationColumn = () =>
  organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' });

export const memberships = pgTable(
  'memberships',
  {
    id: primaryId(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    role: text('role', { enum: ['owner', 'admin', 'member', 'observer'] }).notNull(),
    // invited: an open invitation's person, who can be given to-dos and priorities but cannot sign in here yet.
    status: text('status', { enum: ['invited', 'active', 'deactivated'] })
      .notNull()
      .default('active'),
    ...versionedTimestamps(),
  },
  () => [
    uniqueIndex('memberships_organization_user_key').on(sql`organization_id`, sql`user_id`),
    index('memberships_user_idx').on(sql`user_id`),
    tenantIsolationPolicy(sql`user_id = ${currentUserId}`),
  ],
);

/**
 * A consultant's access to one client organization. It starts as an invitation mailed to an address
 * (`invited`, a hashed single-use token), becomes `active` when a consultant account accepts it and
 * ends `revoked`. The row lives in the client's tenant; the consultant also reads their own rows
 * across clients (user scope), which is how /consultant finds them.
 */
export const consultantAccess = pgTable(
  'consultant_access',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    email: text('email').notNull(),
    consultantUserId: uuid('consultant_user_id').references(() => users.id, { onDelete: 'cascade' }),
    accessLevel: text('access_level', { enum: ['admin', 'member', 'observer'] })
      .notNull()
      .default('admin'),
    status: text('status', { enum: ['invited', 'active', 'revoked'] })
      .notNull()
      .default('invited'),
    clientStatus: text('client_status', { enum: ['active', 'paused', 'graduated'] })
      .notNull()
      .default('active'),
    tokenHash: text('token_hash'),
    expiresAt: timestampColumn('expires_at'),
    grantedById: uuid('granted_by_id'),
    grantedAt: timestampColumn('granted_at'),
    revokedAt: timestampColumn('revoked_at'),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('consultant_access_token_hash_key').on(table.tokenHash),
    // One live grant per consultant and client; a revoked one stays as history.
    uniqueIndex('consultant_access_live_key')
      .on(table.organizationId, table.consultantUserId)
      .where(sql`status = 'active'`),
    uniqueIndex('consultant_access_open_email_key')
      .on(table.organizationId, sql`lower(${table.email})`)
      .where(sql`status = 'invited'`),
    index('consultant_access_organization_idx').on(table.organizationId, table.createdAt, table.id),
    index('consultant_access_consultant_idx').on(table.consultantUserId, table.status),
    tenantIsolationPolicy(sql`consultant_user_id = ${currentUserId}`),
  ],
);
