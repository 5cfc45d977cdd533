import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { signIn } from '../testing/requests.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await openTestApp();
  cookie = (await signIn(t.app, 'viewer01')).cookie;
});
afterAll(() => t.close());

const profile = async (c: string) =>
  (await (await t.app.request('/api/my/profile', { headers: { cookie: c } })).json()) as { PI: boolean };

describe('identity verification through the development simulator', () => {
  it('start → simulator page → complete sets PI and the birth date, then the request is done', async () => {
    expect((await profile(cookie)).PI).toBe(false);
    const start = await t.app.request('/api/personal-auth?type=personal', { headers: { cookie } });
    expect(start.status).toBe(200);
    const { requestId, url } = (await start.json()) as { requestId: string; url: string };
    const page = await t.app.request(url);
    expect(await page.text()).toContain('<label for="birthday">');
    const complete = await t.app.request(`/api/dev/identity/${requestId}/complete?birthday=2000-05-06`);
    expect(complete.status).toBe(302);
    expect(complete.headers.get('location')).toBe('/my/personal-auth?status=complete&type=personal');
    expect((await profile(cookie)).PI).toBe(true);
    const [row] = await t.database.db.select().from(members).where(eq(members.loginId, 'viewer01'));
    expect(row?.birthday).toBe('2000-05-06');
    const status = await t.app.request(`/api/personal-auth/status?requestId=${requestId}`, { headers: { cookie } });
    expect(await status.json()).toMatchObject({ status: 'complete' });
    expect((await t.app.request(`/api/dev/identity/${requestId}/complete?birthday=2000-05-06`)).status).toBe(404);
  });

  it('guests cannot start; unknown types are 400; another member cannot read the status', async () => {
    expect((await t.app.request('/api/personal-auth?type=personal')).status).toBe(401);
    expect((await t.app.request('/api/personal-auth?type=other', { headers: { cookie } })).status).toBe(400);
    const { requestId } = (await (
      await t.app.request('/api/personal-auth?type=personal-signup', { headers: { cookie } })
    ).json()) as { requestId: string };
    const other = await signIn(t.app, 'viewer02');
    expect(
      (await t.app.request(`/api/personal-auth/status?requestId=${requestId}`, { headers: { cookie: other.cookie } }))
        .status,
    ).toBe(404);
  });

  it('the production callback needs a valid signature', async () => {
    const { requestId } = (await (
      await t.app.request('/api/personal-auth?type=personal', { headers: { cookie } })
    ).json()) as { requestId: string };
    const body = JSON.stringify({ requestId, birthday: '1999-01-01' });
    expect(
      (
        await t.app.request('/api/personal-auth/callback', {
          method: 'POST',
          body,
          headers: { 'x-identity-signature': '0'.repeat(64) },
        })
      ).status,
    ).toBe(403);
    process.env.IDENTITY_WEBHOOK_SECRET = 'w'.repeat(32);
    try {
      const signature = createHmac('sha256', 'w'.repeat(32)).update(body).digest('hex');
      expect(
        (
          await t.app.request('/api/personal-auth/callback', {
            method: 'POST',
            body,
            headers: { 'x-identity-signature': signature },
          })
        ).status,
      ).toBe(200);
    } finally {
      delete process.env.IDENTITY_WEBHOOK_SECRET;
    }
  });
});
