/**
 * Password hashing: argon2id with OWASP's first recommended setting (m=19456 KiB, t=2, p=1),
 * through @node-rs/argon2 (native, maintained, no 72-byte cut like bcrypt).
 */
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` is an ambient const enum, which type stripping cannot inline. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
