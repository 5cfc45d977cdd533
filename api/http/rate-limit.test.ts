import { describe, expect, it } from 'vitest';
import { clientIp, RateLimiter } from './rate-limit.ts';

const rule = { limit: 3, windowMs: 1000 };

describe('RateLimiter', () => {
  it('allows `limit` events per window, then answers the wait until the window ends', () => {
    const l = new RateLimiter();
    expect([l.take('k', rule, 0), l.take('k', rule, 10), l.take('k', rule, 20)]).toEqual([0, 0, 0]);
    expect(l.take('k', rule, 100)).toBe(900);
    expect(l.take('k', rule, 1000)).toBe(0);
  });

  it('keeps keys apart and forgets a key on reset', () => {
    const l = new RateLimiter();
    for (let i = 0; i < 3; i += 1) l.hit('a', rule, 0);
    expect(l.retryAfterMs('a', rule, 1)).toBeGreaterThan(0);
    expect(l.retryAfterMs('b', rule, 1)).toBe(0);
    l.reset('a');
    expect(l.retryAfterMs('a', rule, 1)).toBe(0);
  });
});

describe('clientIp', () => {
  it.each([
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['203.0.113.9', '203.0.113.9'],
    ['203.0.113.9, 10.0.0.1', '203.0.113.9'],
    ['x'.repeat(100), 'unknown'],
  ])('%j → %s', (header, ip) => expect(clientIp(header)).toBe(ip));
});
