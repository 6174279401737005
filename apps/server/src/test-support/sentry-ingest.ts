import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface ReceivedEnvelope {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  /** Each item's header and its payload, parsed. */
  items: Array<{ type: string; payload: Record<string, unknown> }>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
}

function parseEnvelope(raw: string): ReceivedEnvelope['items'] {
  const lines = raw.split('\n').filter((line) => line.length > 0);
  const items: ReceivedEnvelope['items'] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index]!) as { type: string };
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(lines[index + 1]!) as Record<string, unknown>;
    } catch {
      payload = {};
    }
    items.push({ type: header.type, payload });
  }
  return items;
}

/** A local stand-in for Sentry's ingestion: keeps every envelope sent to `/api/<project>/envelope/`. */
export async function startSentryIngest() {
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      envelopes.push({ path: request.url ?? '', headers: request.headers, raw, items: parseEnvelope(raw) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    events: () => envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === 'event')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
