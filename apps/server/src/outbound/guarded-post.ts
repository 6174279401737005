import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a request made on an organization's behalf must never reach unless the server allows it: this
 * machine, its private networks and the cloud metadata service (169.254.169.254) sit behind them.
 */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is loopback, private, link-local, multicast or reserved (IPv4 inside IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE_RANGES.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class OutboundRefusedError extends Error {}

const refusal = (host: string) =>
  new OutboundRefusedError(
    `${host} is a private or local address: Keel does not send there unless the server setting WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is on.`,
  );

/** Every address the name resolves to must be public, checked as the connection is made (no rebinding in between). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 4);
      const addresses = found;
      if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(refusal(hostname), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses, before anything is sent, an address that is not http(s) or is a private address written as such. */
export function checkOutboundUrl(url: string, allowPrivate: boolean): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new OutboundRefusedError('Only http and https addresses can be used.');
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) {
    throw refusal(host);
  }
  return parsed;
}

/**
 * The same check before an address is saved, with its name resolved now: a name that points inside is refused at
 * once rather than at the first delivery. A name that does not resolve yet is left to the check made on sending.
 */
export async function checkOutboundTarget(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = checkOutboundUrl(url, allowPrivate);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate || isIP(host)) return;
  const addresses = await dns.lookup(host, { all: true }).catch(() => []);
  if (addresses.some((entry) => isPrivateAddress(entry.address))) throw refusal(host);
}

/**
 * Why an address may not be saved, or null when it may: the form services check a new address in before opening
 * their transaction (a slow DNS answer never holds a connection). Other failures (a bad name) are left to sending.
 */
export async function outboundRefusal(url: string | undefined, allowPrivate: boolean): Promise<string | null> {
  if (url === undefined) return null;
  try {
    await checkOutboundTarget(url, allowPrivate);
    return null;
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.message;
    throw error;
  }
}

export interface OutboundAnswer {
  status: number;
  /** The start of the answer's body, as text. */
  body: string;
  durationMs: number;
}

const ANSWER_KEPT_BYTES = 2048;

/**
 * POSTs `body` and answers the status and the start of the answer; never follows a redirect (a 3xx is the answer).
 * Throws OutboundRefusedError for a private address and an Error with a plain reason for a network failure.
 */
export async function guardedPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<OutboundAnswer> {
  const target = checkOutboundUrl(url, options.allowPrivate);
  const started = performance.now();
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Keel-Webhooks/1', ...headers },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const pieces: Buffer[] = [];
        let kept = 0;
        response.on('data', (piece: Buffer) => {
          if (kept < ANSWER_KEPT_BYTES) {
            pieces.push(piece.subarray(0, ANSWER_KEPT_BYTES - kept));
            kept += Math.min(piece.length, ANSWER_KEPT_BYTES - kept);
          }
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(pieces).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} seconds.`)),
    );
    request.on('error', (error: Error) => {
      if (error instanceof OutboundRefusedError) return reject(error);
      const code = (error as { code?: string }).code;
      if (error.name === 'AbortError' || error.name === 'TimeoutError') {
        return reject(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} seconds.`));
      }
      reject(new Error(code ? `${code}: ${error.message}` : error.message));
    });
    request.end(body);
  });
}
