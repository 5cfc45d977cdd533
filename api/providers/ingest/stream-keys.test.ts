import { describe, expect, it } from 'vitest';
import { STREAM_KEY_BYTES } from '../../../domain/limits.ts';
import { hashStreamKey, isStreamKeyShaped, keyHint, maskStreamKey, newStreamKey } from './stream-keys.ts';

describe('stream keys', () => {
  it('carry at least 128 random bits, never repeat, and have one shape', () => {
    expect(STREAM_KEY_BYTES * 8).toBeGreaterThanOrEqual(128);
    const keys = new Set(Array.from({ length: 200 }, newStreamKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(isStreamKeyShaped(key)).toBe(true);
    expect(isStreamKeyShaped('live_short')).toBe(false);
    expect(isStreamKeyShaped(`${newStreamKey()}?x=1`)).toBe(false);
  });

  it('are stored as a hash and shown masked, never in full', () => {
    const key = newStreamKey();
    expect(hashStreamKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashStreamKey(key)).not.toContain(key);
    const masked = maskStreamKey(keyHint(key));
    expect(masked.endsWith(key.slice(-4))).toBe(true);
    expect(masked).not.toContain(key.slice(5, -4));
  });
});
