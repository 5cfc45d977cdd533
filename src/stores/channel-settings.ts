/**
 * Channel settings (SPEC §7 "Other"): which social logins and adult features show.
 * Loaded when something first watches them, kept for CHANNEL_SETTINGS_STALE_MS, never retried,
 * loaded again when a channeling-setting update arrives.
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import type { ChannelSettings } from '../../domain/answers/service.ts';
import { CHANNEL_SETTINGS_STALE_MS } from '../../domain/limits.ts';
import { apiResult } from '../lib/api-client.ts';
import { CHANNELING_SETTING_UPDATE_EVENT } from '../lib/channel-settings-event.ts';

export type { ChannelSettings } from '../../domain/answers/service.ts';

export const CHANNEL_SETTINGS_PATH = '/api/guest/channel-settings';

const settings = atom<ChannelSettings | null>(null);
/** The settings, or null until they load (and after a failed load). */
export const $channelSettings: ReadableAtom<ChannelSettings | null> = settings;

let loadedAt = -Infinity;
let loading: Promise<void> | null = null;

function load(): Promise<void> {
  loading ??= apiResult<ChannelSettings>(CHANNEL_SETTINGS_PATH)
    .then((r) => {
      if (!r.ok) return;
      loadedAt = Date.now();
      settings.set(r.value);
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

onMount(settings, () => {
  if (Date.now() - loadedAt >= CHANNEL_SETTINGS_STALE_MS) void load();
});

/**
 * Which adult marks the broadcaster tools offer (SPEC §6: adult and adult-plus broadcast show only
 * when the channel settings enable them). Neither while the settings load or failed to.
 */
export const $adultSwitches: ReadableAtom<{ adult: boolean; adultPlus: boolean }> = computed($channelSettings, (s) => ({
  adult: s?.adultBroadcast === true,
  adultPlus: s?.adultPlusBroadcast === true,
}));

/** Forgets the kept settings; watched ones load again at once. */
export function channelSettingsUpdated(): void {
  loadedAt = -Infinity;
  if (settings.lc > 0) void load();
}

if (typeof window !== 'undefined') window.addEventListener(CHANNELING_SETTING_UPDATE_EVENT, channelSettingsUpdated);
