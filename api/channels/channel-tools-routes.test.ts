import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSettings, members, subscriptions } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let fx: TestApp;
beforeAll(async () => {
  fx = await openTestApp();
});
afterAll(() => fx.close());

describe('channel profile and luv preset', () => {
  it('shows the owner their channel and refuses everyone else', async () => {
    const res = await fx.as('bj0001')('GET', '/api/my/channel/profile');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      channelId: fx.channelIds.bj0001!,
      loginId: 'bj0001',
      approval: 2,
      presets: [],
      notices: [],
    });
    expect((await fx.as('viewer01')('GET', '/api/my/channel/profile')).status).toBe(403);
    expect((await fx.as(null)('GET', '/api/my/channel/profile')).status).toBe(401);
  });

  it(
    'refuses turning adult or adult-plus on while the platform switches them off (403, in ko and en), and allows ' +
      'turning them off',
    async () => {
      const setSwitches = (adultBroadcast: boolean, adultPlusBroadcast: boolean) =>
        fx.database.db
          .insert(authSettings)
          .values({ id: 1, adultBroadcast, adultPlusBroadcast })
          .onConflictDoUpdate({ target: authSettings.id, set: { adultBroadcast, adultPlusBroadcast } });
      const put = (body: object, lang = 'ko') =>
        fx.as('bj0001')('PUT', '/api/my/channel/profile', { title: '새 방송', ...body }, { 'accept-language': lang });
      try {
        await setSwitches(true, false);
        const plus = await put({ adultPlusBroadcast: true });
        expect([plus.status, await plus.json()]).toEqual([
          403,
          {
            error: 'adult_plus_broadcast_disabled',
            error_msg: '지금은 성인+ 방송을 설정할 수 없습니다. 운영 정책에 따라 성인+ 방송이 꺼져 있습니다.',
          },
        ]);
        expect((await put({ adultBroadcast: true })).status).toBe(200);
        await setSwitches(false, false);
        const adult = await put({ adultBroadcast: true }, 'en');
        expect([adult.status, await adult.json()]).toEqual([
          403,
          {
            error: 'adult_broadcast_disabled',
            error_msg: 'Adult broadcasts cannot be turned on now: the platform has switched them off.',
          },
        ]);
        expect(await (await fx.as('bj0001')('GET', '/api/my/channel/profile')).json()).toMatchObject({
          adultBroadcast: true,
          adultPlusBroadcast: false,
        });
        expect(await (await put({ adultBroadcast: false, adultPlusBroadcast: false })).json()).toMatchObject({
          adultBroadcast: false,
        });
      } finally {
        await setSwitches(true, true);
      }
    },
  );

  it('edits the profile and saves a luv preset for the owner only', async () => {
    expect(
      (await fx.as('bj0001')('PUT', '/api/my/channel/profile', { title: '새 방송', introduction: '안녕' })).status,
    ).toBe(200);
    expect((await fx.as('viewer01')('PUT', '/api/my/channel/profile', { title: 'x' })).status).toBe(403);
    expect(
      await (
        await fx.as('bj0001')('PUT', '/api/my/channel/profile', {
          title: '새 방송',
          introduction: '안녕',
          adultPlusBroadcast: true,
        })
      ).json(),
    ).toMatchObject({ adultBroadcast: true, adultPlusBroadcast: true });
    expect(await (await fx.as('bj0001')('GET', '/api/my/channel/profile')).json()).toMatchObject({
      adultBroadcast: true,
      adultPlusBroadcast: true,
    });
    expect(
      await (
        await fx.as('bj0001')('PUT', '/api/my/channel/profile', {
          title: '새 방송',
          introduction: '안녕',
          adultBroadcast: false,
          adultPlusBroadcast: false,
        })
      ).json(),
    ).toMatchObject({ adultBroadcast: false });
    expect(
      (await fx.as('bj0001')('PUT', '/api/my/channel/profile', { title: '새 방송', adultBroadcast: 'yes' })).status,
    ).toBe(400);
    expect(
      await (await fx.as('bj0001')('POST', '/api/my/channel/luv-preset', { presets: [100, 10, 1000] })).json(),
    ).toMatchObject({
      presets: [10, 100, 1000],
    });
    for (const presets of [[], [0], [1.5], [10, 10], Array.from({ length: 9 }, (_, i) => i + 1), ['10']]) {
      expect(
        (await fx.as('bj0001')('POST', '/api/my/channel/luv-preset', { presets })).status,
        JSON.stringify(presets),
      ).toBe(400);
    }
    expect((await fx.as('viewer01')('POST', '/api/my/channel/luv-preset', { presets: [10] })).status).toBe(403);
    expect(await (await fx.as('bj0001')('GET', '/api/my/channel/profile')).json()).toMatchObject({
      title: '새 방송',
      introduction: '안녕',
      presets: [10, 100, 1000],
    });
  });
});

describe('channel notices', () => {
  it('lets the owner create, edit and delete; others get 403 or 404', async () => {
    const res = await fx.as('bj0001')('POST', '/api/my/channel/notice', { title: '공지', content: '오늘 8시 방송' });
    expect(res.status).toBe(201);
    const { noticeId } = await res.json();
    expect((await fx.as('viewer01')('POST', '/api/my/channel/notice', { title: 'x', content: 'y' })).status).toBe(403);
    expect(
      (await fx.as('viewer01')('PUT', `/api/my/channel/notice/${noticeId}`, { title: 'x', content: 'y' })).status,
    ).toBe(403);
    expect((await fx.as('viewer01')('DELETE', `/api/my/channel/notice/${noticeId}`)).status).toBe(403);
    expect(
      (
        await fx.as('bj0001')('PUT', `/api/my/channel/notice/${noticeId}`, {
          title: '공지(수정)',
          content: '9시로 변경',
        })
      ).status,
    ).toBe(200);
    expect(
      (await fx.as('bj0001')('PUT', `/api/my/channel/notice/${noticeId}`, { title: '', content: 'y' })).status,
    ).toBe(400);
    const list = await (await fx.as(null)('GET', `/api/my/channel/notice?channelId=${fx.channelIds.bj0001!}`)).json();
    expect(list.list[0]).toMatchObject({ noticeId, title: '공지(수정)', content: '9시로 변경' });
    expect((await fx.as('bj0001')('DELETE', `/api/my/channel/notice/${noticeId}`)).status).toBe(200);
    expect((await fx.as('bj0001')('DELETE', `/api/my/channel/notice/${noticeId}`)).status).toBe(404);
  });
});

describe('channel register', () => {
  it('walks 0 → 1 → 3 → 1 → 2 with operator decisions', async () => {
    const viewer = fx.as('viewer02');
    expect(await (await viewer('GET', '/api/my/chennel-register')).json()).toMatchObject({
      approval: 0,
      channelId: null,
    });
    expect((await viewer('POST', '/api/my/chennel-register', { channelTitle: '' })).status).toBe(400);
    expect(await (await viewer('POST', '/api/my/chennel-register', { channelTitle: '시청자 방송' })).json()).toEqual({
      approval: 1,
    });
    expect((await viewer('POST', '/api/my/chennel-register', { channelTitle: 'again' })).status).toBe(409);
    expect(
      (await fx.as('viewer01')('POST', '/api/my/chennel-register/viewer02/decision', { approve: true })).status,
    ).toBe(403);
    await fx.database.db.update(members).set({ memberType: 'O' }).where(eq(members.loginId, 'adult01'));
    const op = fx.as('adult01');
    expect(await (await op('POST', '/api/my/chennel-register/viewer02/decision', { approve: false })).json()).toEqual({
      approval: 3,
      channelId: null,
    });
    expect((await op('POST', '/api/my/chennel-register/viewer02/decision', { approve: true })).status).toBe(404);
    expect((await viewer('POST', '/api/my/chennel-register', { channelTitle: '다시 신청' })).status).toBe(201);
    const approved = await (await op('POST', '/api/my/chennel-register/viewer02/decision', { approve: true })).json();
    expect(approved).toMatchObject({ approval: 2, channelId: expect.any(Number) });
    expect(await (await viewer('GET', '/api/my/channel/profile')).json()).toMatchObject({
      channelId: approved.channelId,
      title: '다시 신청',
      approval: 2,
    });
    const adult = await viewer('PUT', '/api/my/channel/profile', { title: '다시 신청', adultBroadcast: true });
    expect(adult.status).toBe(403);
    expect(await adult.json()).toEqual({
      error: 'identity_verification_required',
      error_msg: '성인 방송을 열려면 먼저 본인인증을 해 주세요.',
    });
    expect((await fx.as('bj0001')('POST', '/api/my/chennel-register', { channelTitle: 'x' })).status).toBe(409);
  });
});

describe('my page', () => {
  it('saves settings through POST /api/my/setting and ignores mass assignment', async () => {
    const res = await fx.as('viewer01')('POST', '/api/my/setting', {
      isView: false,
      memberSortCode: 3,
      memberType: 'O',
      PI: true,
      __proto__: { x: 1 },
    });
    expect(await res.json()).toEqual({
      settings: { isView: false, isVibes: true, isSponser: true, memberSortCode: 3, isBigFan: false },
    });
    expect((await fx.as('viewer01')('POST', '/api/my/setting', { isView: 'yes' })).status).toBe(400);
    expect((await fx.as(null)('POST', '/api/my/setting', { isView: true })).status).toBe(401);
    const [row] = await fx.database.db.select().from(members).where(eq(members.loginId, 'viewer01'));
    expect(row).toMatchObject({ memberType: 'V', identityVerified: false });
  });

  it('summarises the my page in view-main', async () => {
    await fx.as('viewer02')('POST', '/api/my/messages', { loginId: 'viewer01', content: 'hi' });
    const res = await fx.as('viewer01')('GET', '/api/my/view-main?device=MOBILEWEB');
    expect(await res.json()).toMatchObject({
      device: 'MOBILEWEB',
      loginId: 'viewer01',
      memberType: 'V',
      PI: false,
      unreadMessages: 1,
      channel: { channelId: null, approval: 0 },
    });
    expect((await fx.as('viewer01')('GET', '/api/my/view-main?device=TV')).status).toBe(400);
    expect((await fx.as(null)('GET', '/api/my/view-main')).status).toBe(401);
  });

  it("counts in view-main the subscriptions and follows the member's lists show", async () => {
    const viewer = fx.ids.adult01!;
    const [a, b] = [fx.channelIds.bj0001!, fx.channelIds.bj0002!];
    await fx.database.db.insert(subscriptions).values([
      { memberId: viewer, channelId: a, plan: 'monthly', priceWon: 5500, status: 1 },
      { memberId: viewer, channelId: b, plan: '1month', priceWon: 5500, status: 2 },
    ]);
    await fx.as('adult01')('POST', '/api/my/streams/subscriptions', { channelId: b });
    const main = await (await fx.as('adult01')('GET', '/api/my/view-main?device=PCWEB')).json();
    const subs = (await (await fx.as('adult01')('GET', '/api/my/subscriptions')).json()).list as { status: number }[];
    const follows = (await (await fx.as('adult01')('GET', '/api/my/streams/subscriptions')).json()).list as unknown[];
    expect(main.subscriptions).toBe(subs.filter((s) => s.status === 1 || s.status === 5).length);
    expect(main.subscriptions).toBe(1);
    expect(main.follows).toBe(follows.length);
    expect(main.follows).toBeGreaterThan(0);
  });

  it('ranks channels and shows the caller’s own rank', async () => {
    const res = await (await fx.as('bj0001')('GET', '/api/my/rankings')).json();
    expect(res.list[0]).toMatchObject({ rank: 1, loginId: expect.any(String), followers: expect.any(Number) });
    expect(res.me).toMatchObject({ channelId: fx.channelIds.bj0001!, rank: expect.any(Number) });
    expect((await (await fx.as('viewer01')('GET', '/api/my/rankings')).json()).me).toBeNull();
  });
});

describe('owner-only tools', () => {
  it('ask who is calling before reading the body: a viewer gets 403 not_channel_owner whatever they send', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/my/channel/luv-preset', {}],
      ['POST', '/api/my/channel/luv-preset', { presets: 'x\u0000' }],
      ['PUT', '/api/my/channel/profile', {}],
      ['POST', '/api/my/channel/notice', {}],
      ['POST', '/api/my/channel/notice', 'not json'],
      ['PUT', '/api/my/channel/notice/abc', {}],
      ['DELETE', '/api/my/channel/notice/abc', undefined],
    ] as const) {
      const res = await fx.as('viewer01')(method, path, body, { 'accept-language': 'en' });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
      expect(await res.json()).toEqual({
        error: 'not_channel_owner',
        error_msg: 'Only the channel owner can do this.',
      });
    }
    expect((await fx.as('bj0001')('POST', '/api/my/channel/luv-preset', {})).status).toBe(400);
    expect((await fx.as('bj0001')('PUT', '/api/my/channel/notice/abc', { title: 't', content: 'c' })).status).toBe(404);
  });

  it('refuses a NUL in a channel notice with the catalogue 400 and writes nothing', async () => {
    const list = async () =>
      (await (await fx.as(null)('GET', `/api/my/channel/notice?channelId=${fx.channelIds.bj0001!}`)).json())
        .total as number;
    const before = await list();
    const res = await fx.as('bj0001')('POST', '/api/my/channel/notice', { title: 'a\u0000', content: 'b' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'control_characters' });
    expect(await list()).toBe(before);
  });
});
