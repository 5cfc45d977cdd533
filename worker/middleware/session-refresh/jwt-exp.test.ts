import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../testing/stub-api.ts';
import { accessNeedsRefresh, jwtExpiresAtS } from './jwt-exp.ts';

describe('jwtExpiresAtS', () => {
  it('reads exp without verifying', () => expect(jwtExpiresAtS(fakeJwt(1234))).toBe(1234));
  it.each(['', 'a.b', 'a.b.c', 'a.!!!.c', `a.${btoa('{"exp":"1"}')}.c`, `a.${btoa('null')}.c`])(
    'returns null for %j',
    (t) => expect(jwtExpiresAtS(t)).toBeNull(),
  );
});

describe('accessNeedsRefresh', () => {
  const now = 1_000_000_000_000;
  it('is due when missing, unreadable or within a minute of expiry', () => {
    expect(accessNeedsRefresh(undefined, now)).toBe(true);
    expect(accessNeedsRefresh('junk', now)).toBe(true);
    expect(accessNeedsRefresh(fakeJwt(now / 1000 + 59), now)).toBe(true);
    expect(accessNeedsRefresh(fakeJwt(now / 1000 + 61), now)).toBe(false);
  });
});
