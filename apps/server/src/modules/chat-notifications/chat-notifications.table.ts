import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { primaryId, tenantIsolationPolicy, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

export const chatConnections = pgTable(
  'chat_connections',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    provider: text('provider', { enum: ['slack', 'teams'] }).notNull(),
    /** The incoming-webhook address is the channel's password: sealed, shown only masked. */
    webhookUrlSealed: text('webhook_url_sealed').notNull(),
    /** The host and the last characters, kept apart so a list never opens a sealed address. */
    webhookUrlMasked: text('webhook_url_masked').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('chat_connections_team_provider_key').on(table.organizationId, table.teamId, table.provider),
    index('chat_connections_organization_idx').on(table.organizationId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);
