import { periodRangeText, type ScorecardFrequency } from '@keel/contract';
import type { OutgoingMail } from '../../mail/mailer.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const FREQUENCY_WORDS: Record<ScorecardFrequency, string> = { weekly: 'week', monthly: 'month', quarterly: 'quarter' };

export interface ReminderMailInput {
  organizationId: string;
  to: string;
  firstName: string;
  teamId: string;
  teamName: string;
  numbers: { title: string; frequency: ScorecardFrequency; periodStart: string; periodEnd: string }[];
  reminder: { weekday: number; time: string };
  appUrl: string;
}

/** The link that opens the person's own cells of this team, ready to type. */
export const enterNumbersLink = (appUrl: string, teamId: string) =>
  `${appUrl.replace(/\/+$/, '')}/scorecard?teamId=${encodeURIComponent(teamId)}&enter=mine`;

/** One mail per person: every number of theirs still missing on the team, and where to type them. */
export function reminderMail(input: ReminderMailInput): OutgoingMail {
  const count = input.numbers.length;
  const lines = input.numbers.map(
    (number) =>
      `- ${number.title} (${FREQUENCY_WORDS[number.frequency]} of ${periodRangeText({ start: number.periodStart, end: number.periodEnd })})`,
  );
  const greeting = input.firstName.trim() ? `Hello ${input.firstName.trim()},` : 'Hello,';
  const text = [
    greeting,
    '',
    `${count === 1 ? 'One of your numbers is' : `${count} of your numbers are`} still missing on the ${input.teamName} scorecard:`,
    '',
    ...lines,
    '',
    `Enter ${count === 1 ? 'it' : 'them'} here: ${enterNumbersLink(input.appUrl, input.teamId)}`,
    '',
    `The ${input.teamName} scorecard sends this reminder every ${WEEKDAYS[input.reminder.weekday] ?? 'week'} at ` +
      `${input.reminder.time} to whoever still has numbers to enter, so that they arrive before the meeting.`,
  ].join('\n');
  return {
    to: input.to,
    subject: `${count === 1 ? '1 number' : `${count} numbers`} to enter for ${input.teamName}`,
    text,
    organizationId: input.organizationId,
  };
}
