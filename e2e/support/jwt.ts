const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A well-formed JWT (header.payload.signature) with a junk signature: decodable, never verifiable. */
export function junkSignedJwt(payload: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  return `${header}.${body}.${base64url('not-a-real-signature-0123456789')}`;
}

/** `exp` of a JWT (seconds since the epoch), or null when unreadable. */
export function jwtExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof parsed.exp === 'number' ? parsed.exp : null;
  } catch {
    return null;
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
