import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { accountDb, inAccountScope } from '../db/scope.js';
import { mailOutbox } from './mail.table.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: string | null;
}

export interface Mailer {
  readonly mode: 'smtp' | 'logged';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise mails are logged and kept in the outbox table so a
 * laptop install still delivers password resets (an admin or the log shows the link). Either way
 * the outbox keeps a record of what was sent. A failed delivery is recorded, never thrown at the
 * person who asked (the reply must not reveal whether an account exists).
 */
export function createMailer(options: {
  db: Database;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    mode: transport ? 'smtp' : 'logged',
    async send(mail) {
      let status: 'sent' | 'failed' | 'logged' = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          status = 'sent';
        } catch (cause) {
          status = 'failed';
          error = cause instanceof Error ? cause.message.slice(0, 500) : 'unknown error';
          options.log.error({ err: cause, to: mail.to }, 'mail delivery failed');
        }
      } else {
        options.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail logged (SMTP_URL not set)');
      }
      await inAccountScope(options.db, () =>
        accountDb()
          .insert(mailOutbox)
          .values({
            organizationId: mail.organizationId ?? null,
            toAddress: mail.to,
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html ?? null,
            status,
            error,
            sentAt: status === 'sent' ? new Date() : null,
          }),
      );
    },
    close() {
      transport?.close();
    },
  };
}
