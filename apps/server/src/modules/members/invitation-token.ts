import { createHash, randomBytes } from 'node:crypto';

/** A link's secret: 32 random bytes; only the SHA-256 is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOpaqueTokenForInvitation(token) };
}

export const hashOpaqueTokenForInvitation = (token: string) => createHash('sha256').update(token).digest('hex');
