import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { mailOutbox } from './mail.table.js';

export interface MailStats {
  /** When the newest mail was handed to the SMTP server; null when none ever was. */
  lastDeliveryAt: Date | null;
  /** Mails whose delivery failed. */
  failed: number;
}

/** Drivers hand timestamps back as Date objects, or as text when a query is raw. */
const asDate = (value: unknown): Date | null =>
  value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Counts over the whole outbox, every organization's mails and account mails alike, for system health
 * (mails still waiting are the job queue's to count).
 * It runs on the owner's connection (the app role reads only one organization's mails) and reads no
 * address, subject or body: only statuses and times leave this function.
 */
export async function readMailStats(db: Database): Promise<MailStats> {
  const result = await db.execute(sql`select
    (select max(${mailOutbox.sentAt}) from ${mailOutbox} where ${mailOutbox.status} = 'sent') as last_delivery_at,
    (select count(*)::int from ${mailOutbox} where ${mailOutbox.status} = 'failed') as failed`);
  const [row] = rowsOf<{ last_delivery_at: unknown; failed: unknown }>(result);
  return {
    lastDeliveryAt: asDate(row?.last_delivery_at),
    failed: Number(row?.failed ?? 0),
  };
}
