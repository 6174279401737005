import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedPost, isPrivateAddress, OutboundRefusedError } from './guarded-post.js';

let base = '';
const server = createServer((request, response) => {
  if (request.url === '/silent') return; // never answers
  if (request.url === '/moved') {
    response.writeHead(302, { location: 'http://169.254.169.254/' });
    return response.end();
  }
  response.writeHead(200);
  response.end('x'.repeat(10_000));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['172.20.1.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['not an address', true],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('guardedPost', () => {
  it('refuses this machine unless allowed, and keeps only the start of an answer', async () => {
    await expect(guardedPost(`${base}/`, '{}', {}, { timeoutMs: 2000, allowPrivate: false })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    const answer = await guardedPost(`${base}/`, '{}', {}, { timeoutMs: 2000, allowPrivate: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(2048);
  });

  it('gives up on a receiver that never answers, and never follows a redirect', async () => {
    await expect(guardedPost(`${base}/silent`, '{}', {}, { timeoutMs: 300, allowPrivate: true })).rejects.toThrow(
      'No answer within',
    );
    const moved = await guardedPost(`${base}/moved`, '{}', {}, { timeoutMs: 2000, allowPrivate: true });
    expect(moved.status).toBe(302);
  });
});
