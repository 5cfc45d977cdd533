import { describe, expect, it } from 'vitest';
import { hasAccessCookie, readCookie, rebrandSetCookie, withCookies } from './cookies.ts';

describe('readCookie', () => {
  it('reads one value', () => expect(readCookie('a=1; flx_uuid=abc; b=2', 'flx_uuid')).toBe('abc'));
  it.each([
    ['a duplicate name', 'locale=en; locale=ko'],
    ['an empty value', 'locale='],
    ['an oversize value', `locale=${'x'.repeat(5000)}`],
    ['a control character', 'locale=e\tn'],
    ['no header', undefined],
  ])('treats %s as absent', (_, header) => expect(readCookie(header, 'locale')).toBeUndefined());
});

describe('hasAccessCookie', () => {
  it('counts either access cookie, never noAccessToken', () => {
    expect(hasAccessCookie('flx_oauth_access=x')).toBe(true);
    expect(hasAccessCookie('flx_access_token=x')).toBe(true);
    expect(hasAccessCookie('flx_access_token=noAccessToken; flx_oauth_access=noAccessToken')).toBe(false);
    expect(hasAccessCookie('flx_oauth_refresh=x')).toBe(false);
  });
});

describe('rebrandSetCookie', () => {
  it('puts the cookie on the brand domain and adds Secure on https', () => {
    expect(rebrandSetCookie('a=1; Path=/; HttpOnly; Domain=api.internal', '.flxtv.example', true)).toBe(
      'a=1; Path=/; HttpOnly; Domain=.flxtv.example; Secure',
    );
  });
  it('keeps it host-only without a brand domain', () => {
    expect(rebrandSetCookie('a=1; Path=/; Domain=x', null, false)).toBe('a=1; Path=/');
  });
});

describe('withCookies', () => {
  it('swaps, adds and removes cookies of a request header', () => {
    expect(withCookies('a=1; b=2; c=3', { b: '9', c: null, d: '4' })).toBe('a=1; b=9; d=4');
    expect(withCookies(null, { a: '1' })).toBe('a=1');
  });
});
