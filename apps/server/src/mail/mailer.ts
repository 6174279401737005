import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { accountDb, inAccountScope } from '../db/scope.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import { mailOutbox } from './mail.table.js';

/** A small text file sent with a mail (a calendar invitation); kept in the job's payload, not in the outbox. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  organizationId?: string | null;
}

export interface Mailer {
  readonly mode: 'smtp' | 'logged';
  /**
   * Queues a mail in the current scope's transaction: it is sent after the commit by the background
   * jobs, retried while the SMTP server is away, and never sent if the transaction rolls back.
   */
  enqueue(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const mailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string().min(1), contentType: z.string().min(1), content: z.string() }))
    .optional(),
});
type MailPayload = z.infer<typeof mailPayloadSchema>;

/**
 * A few connections kept open and reused, unless SMTP_URL says otherwise: a batch of mails then costs
 * no handshake each (a drain of queued mail is bound by connections, not by the queue).
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/** An SMTP server away for ten minutes delays mail: ~10 attempts spread over more than an hour. */
export const MAIL_RETRY = { limit: 10, delaySeconds: 5 } as const;

/**
 * Real SMTP when SMTP_URL is set; otherwise mails are logged and kept in the outbox table so a
 * laptop install still delivers password resets (an admin or the log shows the link). Either way
 * the outbox keeps a record of each mail once delivered, logged, or given up on.
 */
export function createMailer(options: {
  db: Database;
  jobs: JobQueue;
  smtpUrl?: string | undefined;
  from: string;
  log: { info(details: object, message: string): void };
  retry?: { limit: number; delaySeconds: number };
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(pooled(options.smtpUrl)) : undefined;
  const retry = options.retry ?? MAIL_RETRY;

  const keep = (mail: MailPayload, context: JobContext, status: 'sent' | 'logged' | 'failed', error: string | null) =>
    inAccountScope(options.db, () =>
      accountDb()
        .insert(mailOutbox)
        .values({
          organizationId: context.organizationId,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          status,
          error,
          sentAt: status === 'sent' ? new Date() : null,
        }),
    );

  options.jobs.define({
    kind: 'mail.deliver',
    payload: mailPayloadSchema,
    retryLimit: retry.limit,
    retryDelaySeconds: retry.delaySeconds,
    // Longer than nodemailer's own timeouts (a 10-minute socket timeout), so a slow send is not started twice.
    expireInSeconds: 11 * 60,
    batchSize: 10,
    async run(mail, context) {
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
          // The same id on every attempt: a receiver can tell a repeat after a crash mid-delivery.
          messageId: `<${context.operationId}@keel>`,
        });
      } else {
        options.log.info(
          {
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.attachments ? { attachments: mail.attachments.map((attachment) => attachment.filename) } : {}),
          },
          'mail logged (SMTP_URL not set)',
        );
      }
      await keep(mail, context, transport ? 'sent' : 'logged', null);
    },
    async onGaveUp(mail, error, context) {
      await keep(mail, context, 'failed', error);
    },
  });

  return {
    mode: transport ? 'smtp' : 'logged',
    async enqueue(mail) {
      const payload: MailPayload = { to: mail.to, subject: mail.subject, text: mail.text };
      if (mail.html) payload.html = mail.html;
      if (mail.attachments?.length) payload.attachments = mail.attachments;
      await options.jobs.enqueue('mail.deliver', payload, {
        organizationId: mail.organizationId ?? null,
        description: `Mail to ${mail.to}: ${mail.subject}`,
      });
    },
    close() {
      transport?.close();
    },
  };
}
