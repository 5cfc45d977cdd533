import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { jsonInit, signIn } from '../testing/requests.ts';

const t = useTestApp();

const sessions = async (cookie: string) =>
  (await (await t.app.request('/api/my/sessions', { headers: { cookie } })).json()) as {
    list: Record<string, unknown>[];
  };
const NATIVE = {
  deviceKind: 'APP',
  appType: 'embedded',
  deviceId: 'a1b2c3d4-e5f6',
  os: 'android',
  appVersion: '3.2.1',
};

describe('sign-in inside the app: native device fields', () => {
  it('records the session as device APP with the fields the app gave; the list marks the current one', async () => {
    const { cookie, res } = await signIn(t.app, 'viewer02', 'demo1234!', { device: 'MOBILEWEB', ...NATIVE });
    expect(res.status).toBe(200);
    const current = (await sessions(cookie)).list.find((s) => s.current);
    expect(current).toMatchObject({
      device: 'APP',
      nativeDevice: { appType: 'embedded', deviceId: 'a1b2c3d4-e5f6', os: 'android', appVersion: '3.2.1' },
    });
  });

  it('takes the fields form-encoded too', async () => {
    const res = await t.app.request('/v2/api/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ loginId: 'viewer02', password: 'demo1234!', ...NATIVE, os: 'ios' }).toString(),
    });
    expect(res.status).toBe(200);
  });

  it('a web sign-in has no native fields', async () => {
    const { cookie } = await signIn(t.app, 'viewer01', 'demo1234!', {
      device: 'PCWEB',
      deviceId: 'ignoredwithoutkind',
    });
    expect((await sessions(cookie)).list.find((s) => s.current)).toMatchObject({ device: 'PCWEB', nativeDevice: null });
  });

  it('refuses malformed native fields with the sign-in shape (400 { status, msg })', async () => {
    for (const bad of [{ os: 'windows' }, { deviceId: 'short' }, { appVersion: '3.x' }, { deviceKind: 'PC' }]) {
      const res = await t.app.request(
        '/v2/api/auth/signin',
        jsonInit('POST', { loginId: 'viewer02', password: 'demo1234!', ...NATIVE, ...bad }),
      );
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400 });
    }
  });

  it('lists nothing to a guest', async () => {
    expect((await t.app.request('/api/my/sessions')).status).toBe(401);
  });
});
