import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  createTwoFactorSecretBox,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
  timeStep,
  totpCode,
} from './totp.js';

// RFC 6238, appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length.
const SEEDS = {
  SHA1: Secret.fromLatin1('12345678901234567890'),
  SHA256: Secret.fromLatin1('12345678901234567890123456789012'),
  SHA512: Secret.fromLatin1('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;
const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP', () => {
  it.each(VECTORS)('matches the RFC 6238 vectors at %i s', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totpCode(SEEDS.SHA1, at, { digits: 8 })).toBe(sha1);
    expect(totpCode(SEEDS.SHA256, at, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
    expect(totpCode(SEEDS.SHA512, at, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
  });

  it('accepts the current code and one step either side, each only once', () => {
    const secret = newTotpSecret();
    const at = 1_700_000_000_000;
    const code = totpCode(Secret.fromBase32(secret), at);
    expect(matchingStep(secret, code, at, null)).toBe(timeStep(at));
    expect(matchingStep(secret, code, at, timeStep(at))).toBeNull();
    const previous = totpCode(Secret.fromBase32(secret), at - 30_000);
    expect(matchingStep(secret, previous, at, null)).toBe(timeStep(at) - 1);
    // An older code than the last one used is refused as well.
    expect(matchingStep(secret, previous, at, timeStep(at))).toBeNull();
    const stale = totpCode(Secret.fromBase32(secret), at - 90_000);
    expect(matchingStep(secret, stale, at, null)).toBeNull();
  });

  it('refuses codes that are not six digits', () => {
    const secret = newTotpSecret();
    expect(matchingStep(secret, 'abcdef', Date.now(), null)).toBeNull();
    expect(matchingStep(secret, '12345', Date.now(), null)).toBeNull();
  });

  it('tolerates spaces typed inside a code', () => {
    const secret = newTotpSecret();
    const at = Date.now();
    const code = totpCode(Secret.fromBase32(secret), at);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at, null)).toBe(timeStep(at));
  });

  it('names the account and Keel in the otpauth URI', () => {
    const url = otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@example.com');
    expect(url).toMatch(/^otpauth:\/\/totp\/Keel:ada%40example\.com\?/);
    expect(url).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(url).toContain('issuer=Keel');
  });
});

describe('secret box', () => {
  it('round-trips and refuses another server secret', () => {
    const box = createTwoFactorSecretBox('one-server-secret');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createTwoFactorSecretBox('another-secret').open(sealed)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are xxxxx-xxxxx and hash the same whatever the case, spaces or dash', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(hashRecoveryCode(code));
  });
});
