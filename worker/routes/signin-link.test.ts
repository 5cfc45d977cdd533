/**
 * `/redirects/signin?token=…&redirectTo=…` in workerd (a caster app's chat dock): the API decides
 * whether the token signs in (once); the worker puts its cookies on the brand and redirects through
 * the one sanitizer; a refused token goes to the sign-in page with the same destination.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCookieFor, startWorker, type WorkerUnderTest } from '../testing/harness.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
}, 120_000);
afterAll(() => w.close());
beforeEach(() => w.api.reset());

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2ln';
const link = (redirectTo: string, token = TOKEN) => `/redirects/signin?token=${token}&redirectTo=${redirectTo}`;

describe('a one-time sign-in link', () => {
  it('signs the browser in with the cookies the API set, on the brand, and goes to the chat popup', async () => {
    let spent = false;
    w.api.on('POST', '/api/oauth/token-signin', (call) => {
      if (spent || JSON.parse(call.body).token !== TOKEN)
        return { status: 401, body: '{"error":"signin_link_invalid"}' };
      spent = true;
      return {
        headers: {
          'set-cookie': [
            'flx_oauth_access=a.b.c; Path=/; HttpOnly; SameSite=Lax',
            'flx_oauth_refresh=r1; Path=/; HttpOnly; SameSite=Lax',
          ],
        },
        body: '{"ok":true}',
      };
    });
    // As Streamlabs Desktop builds it: the destination's own query is not encoded.
    const res = await w.fetch(`https://www.flxtv.example${link('/popup/chat/42?darkTheme=true')}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/popup/chat/42?darkTheme=true');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(setCookieFor(res, 'flx_oauth_access')).toBe(
      'flx_oauth_access=a.b.c; Path=/; HttpOnly; SameSite=Lax; Domain=.flxtv.example; Secure',
    );
    expect(setCookieFor(res, 'flx_oauth_refresh')).toMatch(/Domain=\.flxtv\.example/);
    const [call] = w.api.callsTo('/api/oauth/token-signin');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers.cookie).toBeUndefined();

    // The same link again: refused by the API, so the browser is asked to sign in, no cookie set.
    const again = await w.fetch(`https://www.flxtv.example${link('/popup/chat/42?darkTheme=true')}`);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/signin?callbackURL=%2Fpopup%2Fchat%2F42%3FdarkTheme%3Dtrue');
    expect(setCookieFor(again, 'flx_oauth_access')).toBeUndefined();
  });

  it.each([
    ['another site', 'https://evil.example/x'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['an encoded double slash', '/%2f%2fevil.example'],
  ])('never redirects to %s', async (_, target) => {
    w.api.on('POST', '/api/oauth/token-signin', { body: '{"ok":true}' });
    const res = await w.fetch(`https://www.flxtv.example${link(encodeURIComponent(target))}`);
    expect(res.headers.get('location')).toBe('/');
  });

  it('does not call the API without a token', async () => {
    const res = await w.fetch('https://www.flxtv.example/redirects/signin?redirectTo=/popup/chat/1');
    expect(res.headers.get('location')).toBe('/signin?callbackURL=%2Fpopup%2Fchat%2F1');
    expect(w.api.callsTo('/api/oauth/token-signin')).toHaveLength(0);
  });
});
