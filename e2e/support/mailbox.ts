import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { mailboxDir } from './mail-capture.js';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

function mailsTo(email: string): CapturedMail[] {
  const dir = mailboxDir();
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const address = email.toLowerCase();
  return names
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CapturedMail)
    .filter((mail) => mail.to.includes(address));
}

/** The newest mail delivered to `email`, waiting for it to arrive (the server sends after its reply). */
export async function latestMailTo(
  email: string,
  options: { timeoutMs?: number; subject?: RegExp } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mail = mailsTo(email)
      .filter((candidate) => !options.subject || options.subject.test(candidate.subject))
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in the mail (the first containing `contains`, if given), as the person would click it. */
export function linkIn(mail: CapturedMail, contains?: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const link = contains ? links.find((candidate) => candidate.includes(contains)) : links[0];
  if (!link) throw new Error(`no link${contains ? ` containing ${contains}` : ''} in "${mail.subject}"`);
  return link;
}
