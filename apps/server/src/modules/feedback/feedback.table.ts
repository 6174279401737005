import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantIsolationPolicy } from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';

export const feedback = pgTable(
  'feedback',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    userId: personColumn('user_id'),
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
