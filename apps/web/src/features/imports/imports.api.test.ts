import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { commitImport, type ImportProgressState } from './imports.api';

const ORG = '11111111-1111-4111-8111-111111111111';
const TEAM = '33333333-3333-4333-8333-333333333333';

/** A body delivered in arbitrary pieces, lines split across them, as a network does. */
function streamedResponse(text: string, pieceSize: number) {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let start = 0; start < bytes.length; start += pieceSize)
        controller.enqueue(bytes.slice(start, start + pieceSize));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}

const input = () => ({ file: new File(['Title\nx\n'], 'todos.csv'), teamId: TEAM });

afterEach(() => vi.unstubAllGlobals());

describe('commitImport', () => {
  it('reports each progress line and resolves with the result, however the bytes are cut', async () => {
    const text = [
      '{"type":"progress","stage":"reading","done":0,"total":1}',
      '{"type":"progress","stage":"checking","done":1000,"total":2000}',
      '{"type":"progress","stage":"writing","done":2000,"total":2000}',
      '{"type":"result","data":{"kind":"todos","created":2000,"milestones":0,"teamIds":["33333333-3333-4333-8333-333333333333"],"skippedRows":0,"skippedMilestones":0,"skipped":[]}}',
    ].join('\n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamedResponse(`${text}\n`, 7)),
    );
    const seen: ImportProgressState[] = [];
    const result = await commitImport(ORG, 'todos', input(), (progress) => seen.push(progress));
    expect(result.created).toBe(2000);
    expect(seen).toEqual([
      { stage: 'reading', done: 0, total: 1 },
      { stage: 'checking', done: 1000, total: 2000 },
      { stage: 'writing', done: 2000, total: 2000 },
    ]);
  });

  it('throws the error line as an ApiError with its status, code and details', async () => {
    const line =
      '{"type":"error","status":400,"error":"1 row has a problem","code":"import.invalid_rows","details":[{"path":"import!2.title","message":"Title is required"}]}';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamedResponse(line, 50)),
    );
    const error = await commitImport(ORG, 'todos', input(), () => {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'import.invalid_rows', details: [{ path: 'import!2.title' }] });
  });

  it('says so when the stream ends without a result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamedResponse('{"type":"progress","stage":"writing","done":1,"total":9}\n', 10)),
    );
    await expect(commitImport(ORG, 'todos', input(), () => {})).rejects.toMatchObject({ code: 'network.unreachable' });
  });
});
