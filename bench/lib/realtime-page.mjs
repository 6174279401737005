// A signed-in page of the realtime hub for the benchmarks: a socket following one team.
import WebSocket from 'ws';
import { API } from './server.mjs';

/**
 * Opens a socket on `port`, signs it in with `token` and follows `teamId`; resolves once subscribed.
 * `nextChange()` resolves with the arrival time (performance.now()) of the next `changed` notice of an
 * entity `accepts` takes (every entity by default); `say(message)` sends a message to the hub.
 */
export async function openRealtimePage(port, token, teamId, { accepts = () => true, readyTimeoutMs = 10_000 } = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${API}/realtime`);
  const arrivals = [];
  const waiters = [];
  let onReady;
  const ready = new Promise((resolve, reject) => {
    onReady = resolve;
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`socket closed: ${code} ${reason}`)));
    setTimeout(() => reject(new Error(`socket not ready within ${readyTimeoutMs} ms`)), readyTimeoutMs);
  });
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', teamId }));
    else if (message.type === 'subscribed') onReady();
    else if (message.type === 'error') console.error('bench: hub error', message);
    else if (message.type === 'changed' && accepts(message.entity)) {
      const at = performance.now();
      const waiter = waiters.shift();
      if (waiter) waiter(at);
      else arrivals.push(at);
    }
  });
  ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  await ready;
  return {
    ws,
    say: (message) => ws.send(JSON.stringify(message)),
    nextChange(timeoutMs = 5000) {
      if (arrivals.length) return Promise.resolve(arrivals.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no change event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
  };
}
