/**
 * Stream keys of the self-hosted engine: 192 random bits from the CSPRNG, stored as a SHA-256
 * hash (a key is a random secret, not a password: one hash round cannot be brute-forced, and
 * the media server's callback finds the channel by an index lookup), shown once in full and
 * masked after from a few kept characters.
 */
import { createHash, randomBytes } from 'node:crypto';
import { STREAM_KEY_BYTES, STREAM_KEY_HINT_LENGTH } from '../../../domain/limits.ts';

export const STREAM_KEY_PREFIX = 'live_';
const KEY_SHAPE = new RegExp(`^${STREAM_KEY_PREFIX}[A-Za-z0-9_-]{${Math.ceil((STREAM_KEY_BYTES * 4) / 3)}}$`);

export function newStreamKey(): string {
  return STREAM_KEY_PREFIX + randomBytes(STREAM_KEY_BYTES).toString('base64url');
}

export function hashStreamKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a stream name could be a key at all (anything else is refused without a lookup). */
export function isStreamKeyShaped(name: string): boolean {
  return KEY_SHAPE.test(name);
}

export function keyHint(key: string): string {
  return key.slice(-STREAM_KEY_HINT_LENGTH);
}

/** `live_••••••••abcd`: enough to recognise a key, never enough to use it. */
export function maskStreamKey(hint: string, prefix = STREAM_KEY_PREFIX): string {
  return `${prefix}${'•'.repeat(12)}${hint}`;
}
