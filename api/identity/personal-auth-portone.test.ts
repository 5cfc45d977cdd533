import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { signIn } from '../testing/requests.ts';
import { FAKE_PORTONE, startPortOneServer, type PortOneServer } from '../testing/portone-server.ts';

let t: TestApp;
let portone: PortOneServer;
let cookie: string;
beforeAll(async () => {
  portone = await startPortOneServer();
  t = await openTestApp({
    env: {
      IDENTITY_PROVIDER: 'portone',
      PORTONE_API_SECRET: FAKE_PORTONE.apiSecret,
      PORTONE_STORE_ID: FAKE_PORTONE.storeId,
      PORTONE_IDENTITY_CHANNEL_KEY: 'channel-key-identity',
      PORTONE_API_BASE: portone.url,
    },
  });
  cookie = (await signIn(t.app, 'viewer01')).cookie;
});
afterAll(async () => {
  await t.close();
  await portone.close();
});

const json = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { cookie, 'content-type': 'application/json' },
});

async function start(): Promise<{ requestId: string; url: string }> {
  return (await (await t.app.request('/api/personal-auth?type=personal', { headers: { cookie } })).json()) as {
    requestId: string;
    url: string;
  };
}

describe('identity verification through PortOne', () => {
  it(
    'hands out what requestIdentityVerification needs, and completes only on PortOne’s VERIFIED with PortOne’s ' +
      'birth date',
    async () => {
      const { requestId, url } = await start();
      expect(url).toBe(`/my/personal-auth?provider=portone&requestId=${requestId}`);
      const request = await t.app.request(`/api/personal-auth/portone?requestId=${requestId}`, { headers: { cookie } });
      expect(await request.json()).toEqual({
        request: {
          storeId: FAKE_PORTONE.storeId,
          channelKey: 'channel-key-identity',
          identityVerificationId: requestId,
        },
      });

      // Before PortOne has anything, and while the person is still in PortOne's window: pending.
      expect(await (await t.app.request('/api/personal-auth/complete', json({ requestId }))).json()).toMatchObject({
        status: 'pending',
      });
      portone.fake.setIdentityVerification({ id: requestId, status: 'READY', requestedAt: new Date().toISOString() });
      expect(await (await t.app.request('/api/personal-auth/complete', json({ requestId }))).json()).toMatchObject({
        status: 'pending',
      });

      portone.fake.setIdentityVerification({
        id: requestId,
        status: 'VERIFIED',
        requestedAt: new Date().toISOString(),
        customer: { name: '홍길동', birthDate: '1995-03-04', phoneNumber: '01012345678' },
      });
      const done = await t.app.request('/api/personal-auth/complete', json({ requestId }));
      expect(await done.json()).toEqual({ requestId, type: 'personal', status: 'complete' });
      const [row] = await t.database.db.select().from(members).where(eq(members.loginId, 'viewer01'));
      expect(row).toMatchObject({ identityVerified: true, birthday: '1995-03-04' });
      expect(await (await t.app.request('/api/personal-auth/complete', json({ requestId }))).json()).toMatchObject({
        status: 'complete',
      });
      expect(
        (await t.app.request(`/api/personal-auth/portone?requestId=${requestId}`, { headers: { cookie } })).status,
      ).toBe(404);
    },
  );

  it('a failed verification is refused; another member’s request is not found; PortOne unreachable is 502', async () => {
    const { requestId } = await start();
    portone.fake.setIdentityVerification({
      id: requestId,
      status: 'FAILED',
      requestedAt: new Date().toISOString(),
      reason: '본인인증 실패',
    });
    const failed = await t.app.request('/api/personal-auth/complete', json({ requestId }));
    expect([failed.status, ((await failed.json()) as { error: string }).error]).toEqual([409, 'identity_failed']);
    const other = await signIn(t.app, 'viewer02');
    const foreign = await t.app.request('/api/personal-auth/complete', {
      method: 'POST',
      body: JSON.stringify({ requestId }),
      headers: { cookie: other.cookie, 'content-type': 'application/json' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await t.app.request(`/api/personal-auth/portone?requestId=${requestId}`, { headers: { cookie: other.cookie } }))
        .status,
    ).toBe(404);
    const next = await start();
    await portone.close();
    const down = await t.app.request('/api/personal-auth/complete', json({ requestId: next.requestId }));
    expect(down.status).toBe(502);
    portone = await startPortOneServer();
  });
});
