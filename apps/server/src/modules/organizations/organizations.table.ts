import { sql } from 'drizzle-orm';
import { index, integer, pgPolicy, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  appRole,
  currentOrganizationId,
  currentUserId,
  organizationIdColumn,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { personColumn } from '../auth/auth.table.js';

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
    status: text('status', { enum: ['active', 'deactivated'] })
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
