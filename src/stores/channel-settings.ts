/**
 * Channel settings (SPEC §7 "Other"): which social logins and adult features show.
 * Cached for 600000 ms, never retried, refetched when a channeling-setting update arrives.
 */
import { nanoquery } from '@nanostores/query';
import { CHANNEL_SETTINGS_STALE_MS } from '../../domain/limits.ts';
import { apiRequest } from '../lib/api-client.ts';

export interface ChannelSettings {
  broadcast: boolean;
  broadcasting: boolean;
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
/** Window event any code (the chat socket, for one) dispatches when the settings changed. */
export const CHANNELING_SETTING_UPDATE_EVENT = 'flx:channeling-setting-update';

const [createFetcherStore, , { invalidateKeys }] = nanoquery({
  fetcher: (...parts) => apiRequest(parts.join('')),
  onErrorRetry: null,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
});

export const $channelSettings = createFetcherStore<ChannelSettings>([CHANNEL_SETTINGS_PATH], {
  dedupeTime: CHANNEL_SETTINGS_STALE_MS,
});

/** Drops the cached settings so every subscriber refetches them. */
export function channelSettingsUpdated(): void {
  invalidateKeys(CHANNEL_SETTINGS_PATH);
}

if (typeof window !== 'undefined') window.addEventListener(CHANNELING_SETTING_UPDATE_EVENT, channelSettingsUpdated);
