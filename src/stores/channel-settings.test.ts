import { afterEach, expect, it, vi } from 'vitest';
import { fakeApi, fakePage } from '../testing/fake-api.ts';

const SETTINGS = {
  broadcast: true,
  broadcasting: false,
  adultBroadcast: true,
  adultPlusBroadcast: true,
  isSnsLoginKakao: true,
  isSnsLoginNaver: true,
  isSnsLoginGoogle: true,
  isSnsLoginTwitch: true,
};

afterEach(() => vi.unstubAllGlobals());

it('a channeling-setting update refetches inside the 10-minute cache; the adult switches follow', async () => {
  const page = new EventTarget();
  vi.stubGlobal('window', page);
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
  fakePage();
  const api = fakeApi({ 'GET /api/guest/channel-settings': { body: SETTINGS } });
  const { $adultSwitches } = await import('./channel-settings.ts');
  const { announceChannelSettingsUpdate } = await import('../lib/channel-settings-event.ts');
  // Nothing offered until the settings say so.
  expect($adultSwitches.get()).toEqual({ adult: false, adultPlus: false });
  const stop = $adultSwitches.listen(() => undefined);
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: true, adultPlus: true }));
  api.answer('GET /api/guest/channel-settings', { body: { ...SETTINGS, adultBroadcast: false, adultPlusBroadcast: false } });
  announceChannelSettingsUpdate();
  await vi.waitFor(() => expect(api.callsTo('GET /api/guest/channel-settings')).toHaveLength(2));
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: false, adultPlus: false }));
  api.answer('GET /api/guest/channel-settings', { body: { ...SETTINGS, adultBroadcast: false } });
  announceChannelSettingsUpdate();
  await vi.waitFor(() => expect($adultSwitches.get()).toEqual({ adult: false, adultPlus: true }));
  stop();
});
