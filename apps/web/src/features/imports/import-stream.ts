import type { z, ZodType } from 'zod';
import type { ImportStage } from '@keel/contract';
import { ApiError } from '../../lib/api-error';

/**
 * The streamed answer every import shares (to-dos, issues and priorities here, people in
 * member-import): progress lines, then a result or an error line.
 */
export interface ImportProgressState {
  stage: ImportStage;
  done: number;
  total: number;
}

export const NDJSON = 'application/x-ndjson';

/** Each complete line of a newline-delimited JSON body as it arrives, checked against the contract's line schema. */
export async function* ndjsonLines<S extends ZodType>(response: Response, schema: S): AsyncGenerator<z.output<S>> {
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  const read = (text: string): z.output<S> => {
    const line = schema.safeParse(JSON.parse(text));
    if (line.success) return line.data;
    console.error('[keel] unexpected line in a streamed answer', line.error.issues);
    throw new ApiError(response.status, 'response.invalid', null);
  };
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) if (part.trim() !== '') yield read(part);
    if (done) break;
  }
  if (buffered.trim() !== '') yield read(buffered);
}
