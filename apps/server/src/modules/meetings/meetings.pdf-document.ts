import type { MeetingRecap, MeetingSection } from '@keel/contract';
import type { RecapWords } from './meetings.recap.js';
import { PDF_INK, PDF_MUTED, PDF_RULE, startPdfDocument } from '../../pdf/pdf-document.js';

/** What the PDF of one concluded meeting says, every text already in the organization's words and time zone. */
export interface MeetingPdfContent {
  organizationName: string;
  meetingName: string;
  teamName: string;
  /** The day and the hours the meeting ran, in the organization's time zone, which it names. */
  when: string;
  facilitator: string | null;
  scribe: string | null;
  attendees: readonly { name: string; present: boolean; rating: number | null; comment: string }[];
  sections: readonly MeetingSection[];
  recap: MeetingRecap;
  /** The recap in words (drafted by the assistant, or edited by the facilitator): at the top of the record. */
  writtenRecap: { text: string; drafted: boolean } | null;
  words: RecapWords;
}

export const minutesText = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

const ratingText = (rating: number | null) => (rating === null ? 'not rated' : `${rating} / 10`);

/** The meeting's record as a PDF (A4), rendered in memory. pdfkit is loaded on the first one, not at start-up. */
export async function renderMeetingPdf(content: MeetingPdfContent): Promise<Buffer> {
  const { doc, finished } = await startPdfDocument({
    margin: 50,
    info: {
      Title: `${content.teamName}: ${content.meetingName}`,
      Subject: content.when,
      Author: content.organizationName,
    },
  });

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const text = (value: string, options: { size?: number; color?: string; font?: 'body' | 'bold' } = {}) =>
    doc
      .font(options.font ?? 'body')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? PDF_INK)
      .text(value, { width });
  const heading = (value: string) => {
    doc.moveDown(0.8);
    text(value, { size: 13, font: 'bold' });
    const y = doc.y + 2;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.margins.left + width, y)
      .strokeColor(PDF_RULE)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4);
  };
  const items = (lines: readonly string[], none: string) => {
    if (lines.length === 0) text(none, { color: PDF_MUTED });
    for (const line of lines) text(`•  ${line}`);
  };

  const { recap } = content;
  text(content.organizationName, { color: PDF_MUTED });
  text(content.meetingName, { size: 20, font: 'bold' });
  text(content.teamName, { size: 13 });
  text(content.when, { color: PDF_MUTED });
  doc.moveDown(0.4);
  text(`Facilitator: ${content.facilitator ?? 'nobody'}    Scribe: ${content.scribe ?? 'nobody'}`);
  if (content.writtenRecap) {
    heading(content.writtenRecap.drafted ? 'Recap (drafted by the assistant)' : 'Recap');
    text(content.writtenRecap.text);
  }

  heading(`Attendance: ${recap.present} of ${recap.expected} present`);
  const people = content.attendees.map((person) => {
    const said = person.comment.trim() ? ` — “${person.comment.trim()}”` : '';
    return person.present ? `${person.name}: present, ${ratingText(person.rating)}${said}` : `${person.name}: absent`;
  });
  items(people, 'Nobody was expected at this meeting.');
  doc.moveDown(0.3);
  text(
    recap.averageRating === null
      ? 'Average rating: nobody rated the meeting.'
      : `Average rating: ${recap.averageRating.toFixed(1)} / 10`,
    { font: 'bold' },
  );

  heading(`Time: ${minutesText(recap.spentSeconds)} spent of ${recap.plannedMinutes} min planned`);
  items(
    content.sections.map((section) => {
      const over = section.spentSeconds > section.minutes * 60 ? ' (over time)' : '';
      return `${section.title}: ${minutesText(section.spentSeconds)} of ${section.minutes} min${over}`;
    }),
    'The meeting had no sections.',
  );

  const { words } = content;
  heading(`New ${words.todos_label}`);
  items(
    recap.newTodos.map((todo) => `${todo.title} — ${todo.ownerName}, due ${todo.dueDate}`),
    `No ${words.todos_label} were created.`,
  );
  heading(`${words.issues_label} solved`);
  items(
    recap.solvedIssues.map((issue) => issue.title),
    `No ${words.issues_label} were solved.`,
  );
  heading('Messages cascaded to other teams');
  items(
    recap.cascadingMessages.map((message) => message.text),
    'No messages were cascaded.',
  );
  if (recap.notes.trim()) {
    heading('Notes');
    text(recap.notes);
  }
  heading(`${words.todos_label} done`);
  const completion = recap.todoCompletion;
  text(
    completion
      ? `${words.todos_label} due in the meeting's week: ${completion.done} of ${completion.due} done (${Math.round((100 * completion.done) / completion.due)}%).`
      : `No ${words.todos_label} were due in the meeting's week.`,
  );

  doc.end();
  return finished;
}
