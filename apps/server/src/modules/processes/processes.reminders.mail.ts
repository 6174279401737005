import type { OutgoingMail } from '../../mail/mailer.js';

export interface ReviewReminderMailInput {
  organizationId: string;
  to: string;
  firstName: string;
  processId: string;
  title: string;
  /** The review day that has come (YYYY-MM-DD). */
  reviewDay: string;
  /** The organization's word for a process. */
  processWord: string;
  appUrl: string;
}

/** The link that opens the process on the processes page. */
export const processLink = (appUrl: string, processId: string) =>
  `${appUrl.replace(/\/+$/, '')}/processes?process=${encodeURIComponent(processId)}`;

/** One mail to the owner: the process is due for review, and where to look at it and mark it reviewed. */
export function reviewReminderMail(input: ReviewReminderMailInput): OutgoingMail {
  const greeting = input.firstName.trim() ? `Hello ${input.firstName.trim()},` : 'Hello,';
  const text = [
    greeting,
    '',
    `“${input.title}” is due for review (since ${input.reviewDay}). You own this ${input.processWord}, so please ` +
      'check that its steps still describe how the work is done.',
    '',
    `Open it here: ${processLink(input.appUrl, input.processId)}`,
    '',
    'Once it is up to date, choose “Mark reviewed” on the page: its next review date moves forward, and this ' +
      'reminder comes again when that day arrives.',
  ].join('\n');
  return {
    to: input.to,
    subject: `Time to review “${input.title}”`,
    text,
    organizationId: input.organizationId,
  };
}
