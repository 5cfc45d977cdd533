/**
 * Channel settings (SPEC §7 "Other"): which social logins and adult features show.
 * Cached for 600000 ms, never retried, refetched when a channeling-setting update arrives.
 */
import { nanoquery } from '@nanostores/query';
import { computed, type ReadableAtom } from 'nanostores';
import { CHANNEL_SETTINGS_STALE_MS } from '../../domain/limits.ts';
import { apiRequest } from '../lib/api-client.ts';
import { CHANNELING_SETTING_UPDATE_EVENT } from '../lib/channel-settings-event.ts';

export interface ChannelSettings {
  broadcast: boolean;
  broadcasting: boolean;
  /** The platform lets broadcasters mark a channel adult / adult-plus. */
  adultBroadcast: boolean;
  adultPlusBroadcast: boolean;
  isSnsLoginKakao: boolean;
  isSnsLoginNaver: boolean;
  isSnsLoginGoogle: boolean;
  isSnsLoginTwitch: boolean;
  bank_account?: string;
  bank_code?: string;
  bank_holder_name?: string;
}

export const CHANNEL_SETTINGS_PATH = '/api/guest/channel-settings';

const [createFetcherStore, , { invalidateKeys }] = nanoquery({
  fetcher: (...parts) => apiRequest(parts.join('')),
  onErrorRetry: null,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
});

export const $channelSettings = createFetcherStore<ChannelSettings>([CHANNEL_SETTINGS_PATH], {
  dedupeTime: CHANNEL_SETTINGS_STALE_MS,
});

/**
 * Which adult marks the broadcaster tools offer (SPEC §6: adult and adult-plus broadcast show only
 * when the channel settings enable them). Neither while the settings load or failed to.
 */
export const $adultSwitches: ReadableAtom<{ adult: boolean; adultPlus: boolean }> = computed($channelSettings, (s) => ({
  adult: s.data?.adultBroadcast === true,
  adultPlus: s.data?.adultPlusBroadcast === true,
}));

/** Drops the cached settings so every subscriber refetches them. */
export function channelSettingsUpdated(): void {
  invalidateKeys(CHANNEL_SETTINGS_PATH);
}

if (typeof window !== 'undefined') window.addEventListener(CHANNELING_SETTING_UPDATE_EVENT, channelSettingsUpdated);
