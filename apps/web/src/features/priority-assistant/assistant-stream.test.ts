import { describe, expect, it } from 'vitest';
import { assistantEvents } from './assistant-stream';

function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('assistantEvents', () => {
  it('reads server-sent events cut anywhere, in order, and ignores comments and other fields', async () => {
    const response = streamOf([
      ': keep-alive\n\nevent: progress\ndata: {"type":"progress","charac',
      'ters":12,"text":"{\\"verdicts\\""}\r\n\r\n',
      'data: {"type":"result","data":{"ok":true}}\n\n',
    ]);
    const events = [];
    for await (const event of assistantEvents(response)) events.push(event);
    expect(events).toEqual([
      { type: 'progress', characters: 12, text: '{"verdicts"' },
      { type: 'result', data: { ok: true } },
    ]);
  });

  it('refuses an event of another shape', async () => {
    const read = async () => {
      for await (const event of assistantEvents(streamOf(['data: {"type":"surprise"}\n\n']))) void event;
    };
    await expect(read()).rejects.toMatchObject({ code: 'response.invalid' });
  });
});
