import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id: a const enum, not importable under verbatimModuleSyntax */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash when the e-mail is unknown, so an unknown e-mail costs the same
 * time as a wrong password and the two cannot be told apart.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-constant-time');
  await verifyPassword(await decoyHash, password);
}
