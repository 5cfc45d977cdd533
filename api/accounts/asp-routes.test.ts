import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

describe('POST /v4/api/asp/accesstoken', () => {
  const post = (body: unknown) =>
    t.app.request('/v4/api/asp/accesstoken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('gives a partner member a session in cookies, with no token in the body', async () => {
    await t.database.db
      .update(members)
      .set({ aspCode: 'ONION', aspUserkey: 'u-123' })
      .where(eq(members.loginId, 'viewer02'));
    const res = await post({ aspCode: 'ONION', userkey: 'u-123', device: 'MOBILEWEB' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('flx_oauth_access=') && /HttpOnly/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('flx_oauth_refresh='))).toBe(true);
    const access = cookies.find((c) => c.startsWith('flx_oauth_access='))!.split(';')[0]!;
    const me = await t.app.request('/api/my/profile', { headers: { cookie: access } });
    expect(((await me.json()) as { loginId: string }).loginId).toBe('viewer02');
  });

  it('refuses unknown pairs, blocked members and bad input without a session', async () => {
    for (const [body, status] of [
      [{ aspCode: 'ONION', userkey: 'nobody' }, 401],
      [{ aspCode: 'ONION' }, 400],
      [{ aspCode: 'a b', userkey: 'x' }, 400],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(status);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    await t.database.db
      .update(members)
      .set({ aspCode: 'ONION', aspUserkey: 'blocked-1' })
      .where(eq(members.loginId, 'blocked01'));
    expect((await post({ aspCode: 'ONION', userkey: 'blocked-1' })).status).toBe(423);
  });
});
