import { sql } from 'drizzle-orm';
import { index, pgPolicy, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { appRole, createdAt, currentOrganizationId, primaryId, timestampColumn } from '../db/table-helpers.js';

/**
 * Every mail the product sends, kept whether or not SMTP is configured, so password resets and
 * invitations work on a laptop. Mails tied to an organization are readable by it; account mails
 * (password reset) are written by anyone and readable by nobody through the app role. A row is
 * written once, after the delivery attempt, so it never needs updating.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: primaryId(),
    organizationId: uuid('organization_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    sentAt: timestampColumn('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_outbox_organization_created_idx').on(table.organizationId, table.createdAt),
    // System health's last delivery and failed count.
    index('mail_outbox_status_sent_idx').on(table.status, table.sentAt),
    pgPolicy('mail_read_own_organization', {
      for: 'select',
      to: appRole,
      using: sql`organization_id = ${currentOrganizationId}`,
    }),
    pgPolicy('mail_write', { for: 'insert', to: appRole, withCheck: sql`true` }),
  ],
);
