import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

interface AdaptiveCardsLibrary {
  AdaptiveCard: new () => {
    parse(json: unknown, context: unknown): void;
    validateProperties(): { validationEvents: { message: string }[] };
  };
  SerializationContext: new () => { eventCount: number; getEventAt(index: number): { message: string } };
}

/**
 * Microsoft's own Adaptive Cards library (its browser bundle: the package's ES modules do not load in Node) reads
 * the card as Teams would, and answers what it complains of: unknown elements or actions, missing properties,
 * a version it does not know.
 */
export function adaptiveCardProblems(card: unknown): string[] {
  const library = createRequire(import.meta.url)('adaptivecards/dist/adaptivecards.js') as AdaptiveCardsLibrary;
  const parsed = new library.AdaptiveCard();
  const context = new library.SerializationContext();
  parsed.parse(card, context);
  const parseEvents = Array.from({ length: context.eventCount }, (_, index) => context.getEventAt(index).message);
  return [...parseEvents, ...parsed.validateProperties().validationEvents.map((event) => event.message)];
}

/** Checks a Slack incoming-webhook body as https://api.slack.com/messaging/webhooks documents it; answers what is wrong. */
export function slackBodyProblems(body: unknown): string[] {
  const problems: string[] = [];
  const message = body as { text?: unknown; blocks?: unknown };
  if (typeof message.text !== 'string' || message.text.length === 0) problems.push('text must be a non-empty string');
  if (!Array.isArray(message.blocks) || message.blocks.length === 0) return [...problems, 'blocks must be an array'];
  if (message.blocks.length > 50) problems.push('at most 50 blocks');
  message.blocks.forEach((block: { type?: unknown; text?: { type?: unknown; text?: unknown } }, index) => {
    if (block.type !== 'section') problems.push(`blocks[${index}].type must be section`);
    if (block.text?.type !== 'mrkdwn') problems.push(`blocks[${index}].text.type must be mrkdwn`);
    const text = block.text?.text;
    if (typeof text !== 'string' || text.length === 0 || text.length > 3000) {
      problems.push(`blocks[${index}].text.text must hold 1 to 3000 characters`);
    }
    // Outside a link's <url|label>, a bare < or > is markup Slack would misread: it must arrive escaped.
    if (typeof text === 'string' && /[<>]/.test(text.replace(/<https?:\/\/[^|>]+\|[^>]*>/g, ''))) {
      problems.push(`blocks[${index}] has an unescaped < or >`);
    }
  });
  return problems;
}

/** Checks a Teams Workflows webhook body: one message carrying one Adaptive Card; answers what is wrong. */
export function teamsBodyProblems(body: unknown): string[] {
  const problems: string[] = [];
  const message = body as { type?: unknown; attachments?: unknown };
  if (message.type !== 'message') problems.push("type must be 'message'");
  if (!Array.isArray(message.attachments) || message.attachments.length !== 1) {
    return [...problems, 'attachments must hold exactly one card'];
  }
  const [attachment] = message.attachments as {
    contentType?: unknown;
    content?: { $schema?: unknown; type?: unknown; version?: unknown; body?: unknown; actions?: unknown };
  }[];
  if (attachment?.contentType !== 'application/vnd.microsoft.card.adaptive') problems.push('wrong contentType');
  const card = attachment?.content;
  if (card?.type !== 'AdaptiveCard') problems.push("content.type must be 'AdaptiveCard'");
  if (card?.$schema !== 'http://adaptivecards.io/schemas/adaptive-card.json') problems.push('content.$schema');
  if (typeof card?.version !== 'string' || !/^1\.[0-5]$/.test(card.version)) problems.push('content.version 1.0–1.5');
  if (!Array.isArray(card?.body) || card.body.length === 0) return [...problems, 'content.body must hold elements'];
  (card.body as { type?: unknown; text?: unknown }[]).forEach((element, index) => {
    if (element.type !== 'TextBlock') problems.push(`body[${index}] must be a TextBlock`);
    if (typeof element.text !== 'string' || element.text.length === 0) problems.push(`body[${index}].text`);
  });
  for (const action of (card.actions ?? []) as { type?: unknown; url?: unknown; title?: unknown }[]) {
    if (action.type !== 'Action.OpenUrl' || typeof action.url !== 'string' || typeof action.title !== 'string') {
      problems.push('actions must be Action.OpenUrl with a title and url');
    }
  }
  return [...problems, ...adaptiveCardProblems(card)];
}

export interface ChatPost {
  path: string;
  contentType: string | undefined;
  body: unknown;
}

export interface ChatReceiver {
  /** The address of a channel: `channel` names it in `posts` and `answer`. */
  urlOf(channel: string): string;
  posts: ChatPost[];
  postsTo(channel: string): unknown[];
  /** What the channel answers from now on (Slack answers 200 "ok"; a deleted webhook answers 404). */
  answer(channel: string, status: number): void;
  close(): Promise<void>;
}

/** A local stand-in for Slack's and Teams' webhook receivers: it keeps every post, parsed. */
export async function startChatReceiver(): Promise<ChatReceiver> {
  const posts: ChatPost[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      const path = request.url ?? '';
      const text = Buffer.concat(pieces).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      posts.push({ path, contentType: request.headers['content-type'], body });
      const status = statuses.get(path) ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pathOf = (channel: string) => `/services/${channel}`;
  return {
    urlOf: (channel) => `http://127.0.0.1:${port}${pathOf(channel)}`,
    posts,
    postsTo: (channel) => posts.filter((post) => post.path === pathOf(channel)).map((post) => post.body),
    answer: (channel, status) => statuses.set(pathOf(channel), status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
