import type { ChatProvider } from '@keel/contract';
import { z } from 'zod';

/** Bounds that keep a message short to read; Slack's own limit (3,000 characters a section) is kept while escaping. */
const TITLE_MAX = 150;
const LINE_MAX = 280;
const LINES_PER_SECTION = 8;
const SECTIONS_MAX = 6;
const SLACK_SECTION_MAX = 3000;

/** What a message says, before it takes a provider's shape; kept in the job so a retry sends the same words. */
export const chatMessageSchema = z.object({
  title: z.string(),
  summary: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      lines: z.array(z.string()),
      /** Lines left out to keep the message short, told as "and N more". */
      more: z.number().int().min(0).optional(),
    }),
  ),
  link: z.object({ label: z.string(), url: z.string() }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
type Section = ChatMessage['sections'][number];

const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const moreLine = (count: number) => `and ${count} more`;

/** The message with every part bounded: long titles and lines cut, long lists shortened, empty sections left out. */
export function boundedMessage(message: ChatMessage): ChatMessage {
  return {
    title: cut(message.title, TITLE_MAX),
    summary: cut(message.summary, LINE_MAX * 2),
    sections: message.sections
      .filter((section) => section.lines.length > 0)
      .slice(0, SECTIONS_MAX)
      .map((section) => ({
        heading: cut(section.heading, TITLE_MAX),
        lines: section.lines.slice(0, LINES_PER_SECTION).map((line) => cut(line, LINE_MAX)),
        more: (section.more ?? 0) + Math.max(0, section.lines.length - LINES_PER_SECTION),
      })),
    link: message.link,
  };
}

/** Slack reads `&`, `<` and `>` as markup in message text: they are sent as entities. */
export const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Escaped, and cut (never inside an entity) to fit `budget` characters. */
function slackEscapedWithin(text: string, budget: number): string {
  let escaped = '';
  for (const character of text) {
    const piece = slackEscape(character);
    if (escaped.length + piece.length > budget - 1) return `${escaped}…`;
    escaped += piece;
  }
  return escaped;
}

interface SlackSection {
  type: 'section';
  text: { type: 'mrkdwn'; text: string };
}

/** A heading and its bullets, as many as fit a section once escaped; the rest told as "and N more". */
function slackList(section: Section): string {
  const room = SLACK_SECTION_MAX - 40;
  const lines = [`*${slackEscapedWithin(section.heading, 200)}*`];
  let used = lines[0]!.length;
  let shown = 0;
  for (const line of section.lines) {
    const bullet = `• ${slackEscape(line)}`;
    if (used + 1 + bullet.length > room) break;
    lines.push(bullet);
    used += 1 + bullet.length;
    shown += 1;
  }
  const hidden = (section.more ?? 0) + section.lines.length - shown;
  if (hidden > 0) lines.push(`• ${moreLine(hidden)}`);
  return lines.join('\n');
}

/** A Slack incoming-webhook body: `text` for notifications and clients without blocks, Block Kit sections to read. */
export function slackBody(message: ChatMessage): { text: string; blocks: SlackSection[] } {
  const section = (text: string): SlackSection => ({ type: 'section', text: { type: 'mrkdwn', text } });
  const title = `*${slackEscapedWithin(message.title, 800)}*`;
  const head = message.summary
    ? `${title}\n${slackEscapedWithin(message.summary, SLACK_SECTION_MAX - title.length - 1)}`
    : title;
  return {
    text: slackEscapedWithin(message.summary ? `${message.title}: ${message.summary}` : message.title, 1000),
    blocks: [
      section(head),
      ...message.sections.map((part) => section(slackList(part))),
      section(`<${message.link.url}|${slackEscapedWithin(message.link.label, 200)}>`),
    ],
  };
}

interface TextBlock {
  type: 'TextBlock';
  text: string;
  wrap: true;
  size?: 'Medium';
  weight?: 'Bolder';
  spacing?: 'Medium';
}

export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

/** A Microsoft Teams Workflows incoming-webhook body: one message with one Adaptive Card (1.4) attached. */
export function teamsBody(message: ChatMessage) {
  const body: TextBlock[] = [{ type: 'TextBlock', text: message.title, wrap: true, size: 'Medium', weight: 'Bolder' }];
  if (message.summary) body.push({ type: 'TextBlock', text: message.summary, wrap: true });
  for (const part of message.sections) {
    body.push({ type: 'TextBlock', text: part.heading, wrap: true, weight: 'Bolder', spacing: 'Medium' });
    // A card's TextBlock reads "- " lines as a bulleted list; its lines are separated by "\r".
    const lines = part.more ? [...part.lines, moreLine(part.more)] : part.lines;
    body.push({ type: 'TextBlock', text: lines.map((line) => `- ${line}`).join('\r'), wrap: true });
  }
  return {
    type: 'message' as const,
    attachments: [
      {
        contentType: ADAPTIVE_CARD_CONTENT_TYPE,
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard' as const,
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl' as const, title: message.link.label, url: message.link.url }],
        },
      },
    ],
  };
}

export function providerBody(provider: ChatProvider, message: ChatMessage): string {
  const bounded = boundedMessage(message);
  return JSON.stringify(provider === 'slack' ? slackBody(bounded) : teamsBody(bounded));
}
