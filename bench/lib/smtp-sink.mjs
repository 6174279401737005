// A local SMTP server for the mail benchmarks (smtp-server, in the benchmark's own process).
// It keeps when each connection opened and each message arrived, counts messages by Message-ID,
// and can be down: turning connections away (421) like a server in maintenance, or stalling them
// (no greeting) like a server that hangs. It listens on one port per server process, so the port a
// connection arrives on tells which process sent the mail. smtp-server calls onConnect no sooner than
// 100 ms after accepting a socket (its wait for clients that talk too soon, not configurable), so the
// moment the sender opened the connection is taken from the TCP accept instead.
import { SMTPServer } from 'smtp-server';

const MESSAGE_ID = /^message-id:[ \t]*<([^>]+)>/im;

/**
 * Starts `listeners` SMTP servers on free ports of 127.0.0.1 sharing one record.
 * Returns { urls, messages, outage(mode), refusedCount(), stalledCount(), uniqueCount(), duplicates(),
 * waitForCount(n, timeoutMs), close() }.
 */
export async function startSmtpSink({ listeners = 1 } = {}) {
  /** null (up), 'refuse' (421 at once) or 'stall' (the greeting waits until the outage ends). */
  let down = null;
  let refused = 0;
  let stalled = 0;
  const held = new Map();
  /** In arrival order: { acceptedAt (TCP), connectedAt (onConnect), arrivedAt, messageId, listener }. */
  const messages = [];
  const perMessageId = new Map();
  const connectedAt = new Map();
  const acceptedAt = new Map();
  let waiters = [];

  const wake = () => {
    const still = [];
    for (const waiter of waiters) {
      if (messages.length >= waiter.count) {
        clearTimeout(waiter.timer);
        waiter.resolve();
      } else still.push(waiter);
    }
    waiters = still;
  };

  const servers = [];
  for (let listener = 0; listener < listeners; listener += 1) {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onConnect(session, callback) {
        if (down === 'refuse') {
          refused += 1;
          callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
          return;
        }
        if (down === 'stall') {
          stalled += 1;
          held.set(session.id, () => {
            connectedAt.set(session.id, performance.now());
            callback();
          });
          return;
        }
        connectedAt.set(session.id, performance.now());
        callback();
      },
      onData(stream, session, callback) {
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          const arrivedAt = performance.now();
          const raw = Buffer.concat(chunks).toString('utf8');
          const headers = raw.slice(0, Math.max(0, raw.indexOf('\r\n\r\n')));
          const messageId = MESSAGE_ID.exec(headers)?.[1] ?? null;
          messages.push({
            acceptedAt: acceptedAt.get(session.remotePort),
            connectedAt: connectedAt.get(session.id),
            arrivedAt,
            messageId,
            listener,
          });
          if (messageId) perMessageId.set(messageId, (perMessageId.get(messageId) ?? 0) + 1);
          callback();
          wake();
        });
      },
      onClose(session) {
        connectedAt.delete(session.id);
        held.delete(session.id);
        acceptedAt.delete(session.remotePort);
      },
    });
    smtp.server.on('connection', (socket) => acceptedAt.set(socket.remotePort, performance.now()));
    // A client that gave up on a stalled connection is not the benchmark's failure.
    smtp.on('error', () => undefined);
    await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    servers.push(smtp);
  }

  return {
    /** One SMTP_URL per server process. */
    urls: servers.map((smtp) => `smtp://127.0.0.1:${smtp.server.address().port}?ignoreTLS=true`),
    messages,
    outage(mode) {
      down = mode;
      if (mode) return;
      const waiting = [...held.values()];
      held.clear();
      for (const greet of waiting) greet();
    },
    refusedCount: () => refused,
    stalledCount: () => stalled,
    uniqueCount: () => perMessageId.size,
    /** Message-IDs that arrived more than once, and messages with no Message-ID. */
    duplicates: () => [...perMessageId.values()].filter((count) => count > 1).length,
    withoutMessageId: () => messages.filter((message) => !message.messageId).length,
    /** Resolves once `count` messages have arrived; rejects after timeoutMs. */
    waitForCount(count, timeoutMs) {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter.timer !== timer);
          reject(new Error(`${messages.length} of ${count} messages arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push({ count, resolve, timer });
      });
    },
    close: () => Promise.all(servers.map((smtp) => new Promise((resolve) => smtp.close(resolve)))),
  };
}
