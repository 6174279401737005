import { assistantStreamEventSchema, type AssistantStreamEvent } from '@keel/contract';
import { ApiError } from '../../lib/api-error';

export const EVENT_STREAM = 'text/event-stream';

/** Each server-sent event of a streamed answer (`data:` lines joined), checked against the contract's schema. */
export async function* assistantEvents(response: Response): AsyncGenerator<AssistantStreamEvent> {
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  const parse = (block: string): AssistantStreamEvent | null => {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data === '') return null;
    const event = assistantStreamEventSchema.safeParse(JSON.parse(data));
    if (event.success) return event.data;
    console.error('[keel] unexpected event in a streamed answer', event.error.issues);
    throw new ApiError(response.status, 'response.invalid', null);
  };
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value, { stream: !done }).replace(/\r\n/g, '\n');
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = parse(block);
      if (event) yield event;
    }
    if (done) break;
  }
  const last = parse(buffered);
  if (last) yield last;
}
