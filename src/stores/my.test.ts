import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LUV_PRESET_AMOUNT_MAX } from '../../domain/limits.ts';
import { INVALID_INPUT } from '../lib/form-input.ts';
import { fakeApi, fakePage, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return {
    my: await import('./my.ts'),
    channel: await import('./my-channel.ts'),
    messages: await import('./messages.ts'),
    session: await import('./session.ts'),
  };
}

const PROFILE = {
  memberId: 1,
  loginId: 'viewer01',
  nickname: 'V',
  memberType: 'V',
  PI: false,
  settings: { isView: true },
};
const card = (channelId: number, streamId: number | null) => ({
  channelId,
  loginId: 'bj',
  nickname: 'BJ',
  streamId,
  title: 't',
  broadcasting: false,
});
const register = (channelId: number | null) => ({ approval: channelId ? 2 : 0, channelId, channelTitle: null });
const profile = {
  channelId: 5,
  title: 'c',
  introduction: '',
  adultBroadcast: false,
  adultPlusBroadcast: false,
  presets: [],
  approval: 2,
  subscriptions: 0,
  notices: [],
};

beforeEach(() => {
  vi.unstubAllGlobals();
  fakePage({ signedIn: true });
});

describe('my page', () => {
  it('the summary gives the header badge its unread count', async () => {
    const api = fakeApi({
      'GET /api/my/view-main': { body: { unreadMessages: 2, channel: { channelId: null, approval: 0 } } },
    });
    const { my, messages } = await fresh();
    await my.loadMyPage('MOBILEWEB');
    expect(api.calls[0]!.query.get('device')).toBe('MOBILEWEB');
    expect(messages.$unreadMessages.get()).toBe(2);
  });

  it('saved settings are read back with the profile; a refusal is answered and nothing is read', async () => {
    const api = fakeApi({
      'POST /api/my/setting': { body: { settings: {} } },
      'GET /api/my/profile': { body: PROFILE },
    });
    const { my, session } = await fresh();
    const settings = { isView: true, isVibes: false, isSponser: false, memberSortCode: 0, isBigFan: false };
    expect(await my.saveSettings(settings)).toBeNull();
    expect(session.$profile.get()?.loginId).toBe('viewer01');
    api.answer('POST /api/my/setting', refusal(400, 'validation_failed', '입력한 내용을 확인해 주세요.'));
    expect(await my.saveSettings(settings)).toMatchObject({ code: 'validation_failed' });
    expect(api.callsTo('GET /api/my/profile')).toHaveLength(1);
  });

  it('a recent list removes an entry by its id and reads the list again; an entry without one cannot be removed', async () => {
    const api = fakeApi({
      'GET /api/my/streams/played': { body: { list: [card(1, 10), card(2, null)] } },
      'DELETE /api/my/streams/played/10': { status: 204 },
    });
    const { my } = await fresh();
    await my.recentViews.load();
    const [withId, without] = my.recentViews.$state.get().list!;
    expect(my.recentViews.keyOf(without!)).toBeNull();
    await my.recentViews.remove(without!);
    await my.recentViews.remove(withId!);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/my/streams/played',
      'DELETE /api/my/streams/played/10',
      'GET /api/my/streams/played',
    ]);
    expect(my.followedChannels.keyOf(withId!)).toBe(1);
  });
});

describe('broadcaster tools', () => {
  it('reads the application, and the channel profile once there is a channel', async () => {
    const api = fakeApi({ 'GET /api/my/chennel-register': { body: register(null) } });
    const { channel } = await fresh();
    await channel.loadChannelTools();
    expect(channel.$channelTools.get()).toMatchObject({ register: { approval: 0 }, profile: null });
    api.answer('GET /api/my/chennel-register', { body: register(5) });
    api.answer('GET /api/my/channel/profile', { body: profile });
    await channel.loadChannelTools();
    expect(channel.$channelTools.get().profile?.channelId).toBe(5);
  });

  it(
    'presets are typed as a list of numbers and checked with the API’s rule; a saved change is announced and read ' +
      'back',
    async () => {
      const api = fakeApi({
        'POST /api/my/channel/luv-preset': { body: { presets: [10, 100, 1000] } },
        'GET /api/my/chennel-register': { body: register(5) },
        'GET /api/my/channel/profile': { body: { ...profile, presets: [10, 100, 1000] } },
      });
      const { channel } = await fresh();
      await channel.saveLuvPresets('10, 100  1000');
      expect(api.calls[0]!.body).toEqual({ presets: [10, 100, 1000] });
      expect(channel.$channelTools.get()).toMatchObject({
        done: 'saved',
        failure: null,
        profile: { presets: [10, 100, 1000] },
      });
      for (const typed of ['10, abc', '', '10 10', String(LUV_PRESET_AMOUNT_MAX + 1)]) {
        await channel.saveLuvPresets(typed);
        expect(channel.$channelTools.get()).toMatchObject({ done: null, failure: INVALID_INPUT });
      }
      expect(api.callsTo('POST /api/my/channel/luv-preset')).toHaveLength(1);
      api.answer('POST /api/my/chennel-register', refusal(409, 'already_requested', '채널 신청이 검토 중입니다.'));
      await channel.applyForChannel('제목', '');
      expect(channel.$channelTools.get()).toMatchObject({
        done: null,
        failure: { message: '채널 신청이 검토 중입니다.' },
      });
    },
  );

  it('a notice is written, or rewritten by id; a refusal stays with the notices form', async () => {
    const api = fakeApi({
      'POST /api/my/channel/notice': { body: { noticeId: 1 } },
      'PUT /api/my/channel/notice/1': refusal(403, 'not_channel_owner'),
      'GET /api/my/chennel-register': { body: register(5) },
      'GET /api/my/channel/profile': { body: profile },
    });
    const { channel } = await fresh();
    expect(await channel.saveNotice(null, '공지', '내용')).toBe(true);
    expect(await channel.saveNotice(1, '공지', '바뀐 내용')).toBe(false);
    expect(api.callsTo('PUT /api/my/channel/notice/1')[0]!.body).toEqual({ title: '공지', content: '바뀐 내용' });
    expect(channel.$channelTools.get()).toMatchObject({ failure: null, noticeFailure: { code: 'not_channel_owner' } });
  });
});
