/**
 * The window event that says the platform's channel settings changed (SPEC §7 "Other": refetched
 * on a channeling setting update event). The chat socket raises it on a `settings` event; the
 * channel-settings store listens. Kept apart from both so neither pulls in the other.
 */
export const CHANNELING_SETTING_UPDATE_EVENT = 'flx:channeling-setting-update';

export function announceChannelSettingsUpdate(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANNELING_SETTING_UPDATE_EVENT));
}
