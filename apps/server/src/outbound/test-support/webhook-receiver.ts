import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  /** The path asked for: endpoints told apart by their address. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Answers 503 until `up()`: a receiver that is down. */
  down(): void;
  up(): void;
  /** The `webhook-id`s of the requests it accepted (2xx) on `path`. */
  acceptedIds(path: string): string[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for a customer's webhook endpoint: it keeps every request it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let failing = false;
  const server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      const answered = failing ? 503 : 200;
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(pieces).toString('utf8'),
        answered,
      });
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(failing ? 'down for maintenance' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    down: () => {
      failing = true;
    },
    up: () => {
      failing = false;
    },
    acceptedIds: (path) =>
      received
        .filter((request) => request.path === path && request.answered < 300)
        .map((request) => String(request.headers['webhook-id'])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
