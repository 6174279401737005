import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Where the capture and the journeys meet: one JSON file per mail, in the run's data folder. */
export const mailboxDir = () => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/playwright.config.ts');
  return path.join(dataDir, 'mailbox');
};

export const smtpPort = () => Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3917) + 1);

/** Undoes quoted-printable (soft line breaks and =XX escapes) so links read back whole. */
export function decodeQuotedPrintable(text: string): string {
  const unescaped = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Escapes are bytes of UTF-8: read the latin1 string back as those bytes.
  return Buffer.from(unescaped, 'latin1').toString('utf8');
}

/**
 * A local SMTP server the e2e web server delivers to (SMTP_URL): every mail lands as a file the
 * journeys read with support/mailbox.ts. The product needs no test-only route to expose its mails.
 */
export async function startMailCapture(): Promise<() => Promise<void>> {
  const dir = mailboxDir();
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The server under test keeps a pooled connection open: at the run's end, drop it instead of
    // waiting the default 30 s for it to leave.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.search(/\r?\n\r?\n/);
        const headers = split >= 0 ? raw.slice(0, split) : raw;
        const body = split >= 0 ? raw.slice(split).trim() : '';
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
        const mail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject,
          text: /quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body,
          receivedAt: new Date().toISOString(),
        };
        sequence += 1;
        const name = `${Date.now()}-${String(sequence).padStart(6, '0')}.json`;
        writeFileSync(path.join(dir, name), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort(), '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
