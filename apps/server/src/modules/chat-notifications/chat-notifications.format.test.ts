import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { adaptiveCardProblems, slackBodyProblems, teamsBodyProblems } from '../../test-support/chat-receiver.js';
import { providerBody, slackBody, slackEscape, type ChatMessage } from './chat-notifications.format.js';

const long = (text: string, times: number) => Array.from({ length: times }, (_, index) => `${text} ${index + 1}`);

const recap: ChatMessage = {
  title: `Leadership: ${'Weekly meeting '.repeat(30)}concluded`,
  summary: 'rated 8.5 / 10 · 5 of 6 present',
  sections: [
    { heading: 'New To-dos', lines: long('Call the <bank> & "insurer" '.repeat(20), 40) },
    { heading: 'Issues solved', lines: [] },
    { heading: 'Notes', lines: ['line one\n\nline two'] },
  ],
  link: { label: 'Open the meeting history in Keel', url: 'https://keel.example.com/meeting-history' },
};

describe('chat message formats', () => {
  it('builds blocks Slack’s own type definitions accept (checked when the tests compile)', () => {
    const blocks: KnownBlock[] = slackBody(recap).blocks;
    expect(blocks.every((block) => block.type === 'section')).toBe(true);
  });

  it('escapes the three characters Slack reads as markup, and only those', () => {
    expect(slackEscape('a < b & c > "d" *e*')).toBe('a &lt; b &amp; c &gt; "d" *e*');
  });

  it('bounds a long recap within Slack’s limits: cut titles and lines, "and N more", empty sections left out', () => {
    const body = JSON.parse(providerBody('slack', recap)) as { text: string; blocks: { text: { text: string } }[] };
    expect(slackBodyProblems(body)).toEqual([]);
    expect(body.blocks.map((block) => block.text.text.split('\n')[0])).toEqual([
      expect.stringMatching(/^\*Leadership: Weekly meeting .*…\*$/),
      '*New To-dos*',
      '*Notes*',
      '<https://keel.example.com/meeting-history|Open the meeting history in Keel>',
    ]);
    // Escaped, eight lines of 280 characters would pass Slack's 3,000: as many as fit are shown, the rest counted.
    const todos = body.blocks[1]!.text.text.split('\n');
    const shown = todos.length - 2;
    expect(shown).toBeGreaterThanOrEqual(5);
    expect(todos.at(-1)).toBe(`• and ${40 - shown} more`);
    expect(todos[1]).toMatch(/^• Call the &lt;bank&gt; &amp; "insurer" .*…$/);
    expect(body.blocks[2]!.text.text).toBe('*Notes*\n• line one line two');
  });

  it('makes one Adaptive Card 1.4 with a heading and a bulleted list per section for Teams', () => {
    const body = JSON.parse(providerBody('teams', recap)) as {
      attachments: { content: { body: { text: string; weight?: string }[]; actions: unknown[] } }[];
    };
    expect(teamsBodyProblems(body)).toEqual([]);
    const card = body.attachments[0]!.content;
    expect(card.body.map((block) => block.weight ?? 'normal')).toEqual([
      'Bolder',
      'normal',
      'Bolder',
      'normal',
      'Bolder',
      'normal',
    ]);
    expect(card.body[3]!.text.split('\r')).toHaveLength(9);
    expect(card.body[3]!.text.startsWith('- Call the <bank> & "insurer"')).toBe(true);
    expect(card.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Open the meeting history in Keel',
        url: 'https://keel.example.com/meeting-history',
      },
    ]);
  });

  it('is refused by the local receiver’s checks when the shape is wrong', () => {
    expect(
      slackBodyProblems({ text: 'x', blocks: [{ type: 'section', text: { type: 'plain_text', text: 'x' } }] }),
    ).toEqual(['blocks[0].text.type must be mrkdwn']);
    expect(
      slackBodyProblems({ text: 'x', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'a <b' } }] }),
    ).toEqual(['blocks[0] has an unescaped < or >']);
    expect(teamsBodyProblems({ type: 'message', attachments: [] })).toEqual(['attachments must hold exactly one card']);
    expect(
      adaptiveCardProblems({
        type: 'AdaptiveCard',
        version: '1.4',
        body: [{ type: 'TextBox', text: 'x' }],
        actions: [{ type: 'Action.OpenUrl', title: 'Open' }],
      }),
    ).toEqual([expect.stringContaining('Unknown element type "TextBox"'), expect.stringContaining('url')]);
  });
});
