import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, organizationIdColumn, primaryId, tenantIsolationPolicy } from '../../db/table-helpers.js';
import { users } from '../auth/auth.table.js';
import { organizations } from '../organizations/organizations.table.js';

export const feedback = pgTable(
  'feedback',
  {
    id: primaryId(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['ticket', 'enhancement'] }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    pageUrl: text('page_url'),
    createdAt: createdAt(),
  },
  (table) => [
    index('feedback_organization_created_idx').on(table.organizationId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);
