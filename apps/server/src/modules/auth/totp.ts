import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { createSecretBox, type SecretBox } from '../../crypto/secret-box.js';

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const ISSUER = 'Keel';
/** One step either side: a phone's clock a little off, or a code typed as it rolled over. */
const ACCEPTED_DRIFT_STEPS = 1;

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, accountLabel: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: accountLabel,
    secret: Secret.fromBase32(secretBase32),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The code for one instant; exported with every RFC parameter so the RFC 6238 vectors can check it. */
export function totpCode(
  secret: Secret,
  atMs: number,
  options: { digits?: number; algorithm?: TotpAlgorithm } = {},
): string {
  return TOTP.generate({
    secret,
    timestamp: atMs,
    period: TOTP_PERIOD_SECONDS,
    digits: options.digits ?? TOTP_DIGITS,
    algorithm: options.algorithm ?? 'SHA1',
  });
}

export const timeStep = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step a code belongs to, or null when it is wrong or not newer than `lastUsedStep`
 * (a code, and every older one, works once).
 */
export function matchingStep(secretBase32: string, code: string, atMs: number, lastUsedStep: number | null) {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secretBase32),
    timestamp: atMs,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    window: ACCEPTED_DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = timeStep(atMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** Two-factor secrets are sealed under the server secret: a database dump alone cannot mint codes. */
export const createTwoFactorSecretBox = (serverSecret: string) =>
  createSecretBox(serverSecret, 'keel two-factor secrets v1');
export type { SecretBox };

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters from 31 (≈ 50 bits), shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Case, spaces and the dash do not matter when a recovery code is typed back. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
export const looksLikeRecoveryCode = (code: string) => normalizeRecoveryCode(code).length === 10;
