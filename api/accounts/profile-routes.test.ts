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

const put = (body: string, headers: Record<string, string> = {}) =>
  t.app.request('/api/my/profile', {
    method: 'PUT',
    body,
    headers: { cookie, 'content-type': 'application/json', ...headers },
  });

describe('GET /api/my/profile', () => {
  it('answers the contract shape with default settings, and the caster apps’ profile object beside it', async () => {
    const res = await t.app.request('/api/my/profile', { headers: { cookie } });
    const body = (await res.json()) as { memberId: number };
    expect(body).toEqual({
      memberId: expect.any(Number),
      loginId: 'viewer01',
      nickname: '시청자01',
      memberType: 'V',
      PI: false,
      settings: { isView: true, isVibes: true, isSponser: true, memberSortCode: 0, isBigFan: false },
      profile: { id: body.memberId, nickname: '시청자01', channelId: null, PI: false },
    });
  });

  it('tells a BJ’s caster app the channel and PI (Streamlabs refuses to go live without PI), with a bearer token', async () => {
    const { access } = await signIn(t.app, 'bj0001');
    const res = await t.app.request('/api/my/profile', { headers: { authorization: `Bearer ${access}` } });
    expect(((await res.json()) as { profile: unknown }).profile).toEqual({
      id: expect.any(Number),
      nickname: '데모BJ',
      channelId: expect.any(Number),
      PI: true,
    });
  });

  it('answers 401 with the error shape to guests', async () => {
    const res = await t.app.request('/api/my/profile');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', error_msg: expect.any(String) });
  });
});

describe('PUT /api/my/profile', () => {
  it('changes settings, flat or nested', async () => {
    expect((await put(JSON.stringify({ isView: false, memberSortCode: 3 }))).status).toBe(200);
    const res = await put(JSON.stringify({ settings: { isBigFan: true } }));
    expect(((await res.json()) as { settings: unknown }).settings).toEqual({
      isView: false,
      isVibes: true,
      isSponser: true,
      memberSortCode: 3,
      isBigFan: true,
    });
  });

  it('ignores mass assignment of role, PI, balance and __proto__', async () => {
    const res = await put(
      '{"memberType":"O","PI":true,"identityVerified":true,"balance":999999,"role":"admin","__proto__":{"isAdmin":true},"isVibes":false}',
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { settings: { isVibes: boolean } };
    expect(body).toMatchObject({ memberType: 'V', PI: false });
    expect(body.settings.isVibes).toBe(false);
    const [row] = await t.database.db.select().from(members).where(eq(members.loginId, 'viewer01'));
    expect(row).toMatchObject({ memberType: 'V', identityVerified: false });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('renames the member under the sign-up rule; a nickname another member holds is 409 nickname_exists', async () => {
    const other = (await signIn(t.app, 'viewer02')).cookie;
    const rename = (nickname: string) =>
      t.app.request('/api/my/profile', {
        method: 'PUT',
        body: JSON.stringify({ nickname }),
        headers: { cookie: other, 'content-type': 'application/json', 'accept-language': 'en' },
      });
    const ok = await rename(' 새별명02 ');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      loginId: 'viewer02',
      nickname: '새별명02',
      profile: { nickname: '새별명02' },
    });
    const [row] = await t.database.db.select().from(members).where(eq(members.loginId, 'viewer02'));
    expect(row!.nickname).toBe('새별명02');

    const taken = await rename('시청자01');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'nickname_exists', error_msg: 'Nickname that already exists.' });
    const bad = await rename('a');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error_msg: string }).error_msg).not.toBe('');
    const [after] = await t.database.db.select().from(members).where(eq(members.loginId, 'viewer02'));
    expect(after!.nickname).toBe('새별명02');
  });

  it.each([['{"isView":"yes"}'], ['{"memberSortCode":1.5}'], ['{"memberSortCode":-1}'], ['nope'], ['null']])(
    'refuses %s with 400',
    async (body) => {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), error_msg: expect.any(String) });
    },
  );
});
