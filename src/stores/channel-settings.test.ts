import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakePage } from '../testing/fake-api.ts';

const SETTINGS = 'GET /api/guest/channel-settings';
const settings = (kakao: boolean) => ({
  body: {
    broadcast: true,
    isSnsLoginKakao: kakao,
    isSnsLoginNaver: false,
    isSnsLoginGoogle: true,
    isSnsLoginTwitch: false,
  },
});

async function fresh() {
  vi.resetModules();
  return { store: await import('./channel-settings.ts'), social: await import('./auth-social.ts') };
}
const settled = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fakePage();
});

describe('channel settings', () => {
  it('load when first watched, once, and give the enabled social providers', async () => {
    const api = fakeApi({ [SETTINGS]: settings(true) });
    const { store, social } = await fresh();
    expect(api.callsTo(SETTINGS)).toHaveLength(0);
    const seen: (readonly string[])[] = [];
    const stop = social.$socialProviders.subscribe((p) => seen.push(p));
    const stop2 = store.$channelSettings.listen(() => undefined);
    await settled();
    expect(api.callsTo(SETTINGS)).toHaveLength(1);
    expect(seen.at(-1)).toEqual(['kakao', 'google']);
    stop();
    stop2();
  });

  it('are kept while fresh, and asked again after an update', async () => {
    const api = fakeApi({ [SETTINGS]: settings(true) });
    const { store, social } = await fresh();
    const stop = social.$socialProviders.listen(() => undefined);
    await settled();
    api.answer(SETTINGS, settings(false));
    store.channelSettingsUpdated();
    await settled();
    expect(api.callsTo(SETTINGS)).toHaveLength(2);
    expect(social.$socialProviders.get()).toEqual(['google']);
    stop();
  });

  it('stay empty when the API fails, without retrying', async () => {
    const api = fakeApi({ [SETTINGS]: { status: 500, body: { error: 'internal' } } });
    const { social } = await fresh();
    const stop = social.$socialProviders.listen(() => undefined);
    await settled();
    await settled();
    expect(social.$socialProviders.get()).toEqual([]);
    expect(api.callsTo(SETTINGS)).toHaveLength(1);
    stop();
  });
});

const ALL_ON = {
  broadcast: true,
  broadcasting: false,
  adultBroadcast: true,
  adultPlusBroadcast: true,
  isSnsLoginKakao: true,
  isSnsLoginNaver: true,
  isSnsLoginGoogle: true,
  isSnsLoginTwitch: true,
};

it('a channeling-setting update refetches inside the 10-minute cache; the adult switches follow', async () => {
  vi.resetModules();
  const page = new EventTarget();
  vi.stubGlobal('window', page);
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
  fakePage();
  const api = fakeApi({ [SETTINGS]: { body: ALL_ON } });
  const { $adultSwitches } = await import('./channel-settings.ts');
  const { announceChannelSettingsUpdate } = await import('../lib/channel-settings-event.ts');
  // Nothing offered until the settings say so.
  expect($adultSwitches.get()).toEqual({ adult: false, adultPlus: false });
  const stop = $adultSwitches.listen(() => undefined);
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: true, adultPlus: true }));
  api.answer(SETTINGS, { body: { ...ALL_ON, adultBroadcast: false, adultPlusBroadcast: false } });
  announceChannelSettingsUpdate();
  await vi.waitFor(() => expect(api.callsTo(SETTINGS)).toHaveLength(2));
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: false, adultPlus: false }));
  api.answer(SETTINGS, { body: { ...ALL_ON, adultBroadcast: false } });
  announceChannelSettingsUpdate();
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: false, adultPlus: true }));
  stop();
});
