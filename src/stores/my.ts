/** The my page (SPEC §7 My): the member's summary, their settings and the recent lists. */
import { map, type ReadableAtom } from 'nanostores';
import type { ProfileSettings, SettingsSaved, ViewMain } from '../../domain/answers/accounts.ts';
import type { StreamCard as Card } from '../../domain/answers/channels.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { setUnread } from './unread.ts';
import { loadSession } from './session.ts';

export type { ViewMain } from '../../domain/answers/accounts.ts';
export type Settings = ProfileSettings;

/** A line of a recent list: a stream card, with when it was watched in the recent views. */
export type StreamCard = Card & { viewedAt?: string };

const myPage = map<{ summary: ViewMain | null; failure: ApiFailure | null }>({ summary: null, failure: null });
export const $myPage: ReadableAtom<{ summary: ViewMain | null; failure: ApiFailure | null }> = myPage;

/** Reads the summary (the unread count it carries goes to the header badge too). */
export async function loadMyPage(device: 'PCWEB' | 'MOBILEWEB'): Promise<void> {
  const r = await apiResult<ViewMain>('/api/my/view-main', { query: { device }, silent: true });
  if (!r.ok) return myPage.setKey('failure', r.failure);
  myPage.set({ summary: r.value, failure: null });
  setUnread(r.value.unreadMessages);
}

/** Saves the settings, then reads the profile again (the settings live in it); the failure, or null. */
export async function saveSettings(settings: Settings): Promise<ApiFailure | null> {
  const r = await apiResult<SettingsSaved>('/api/my/setting', { method: 'POST', body: settings, silent: true });
  if (!r.ok) return r.failure;
  await loadSession({ force: true });
  return null;
}

export interface RecentListState {
  list: StreamCard[] | null;
  failure: ApiFailure | null;
}

/** A my-page list whose entries can be removed (recent views, followed channels). */
export interface RecentList {
  $state: ReadableAtom<RecentListState>;
  load(): Promise<void>;
  /** The id an entry is removed by; null: it cannot be removed. */
  keyOf(item: StreamCard): number | null;
  remove(item: StreamCard): Promise<void>;
}

function recentList(path: string, keyOf: (item: StreamCard) => number | null): RecentList {
  const state = map<RecentListState>({ list: null, failure: null });
  async function load() {
    const r = await apiResult<{ list: StreamCard[] }>(path, { silent: true });
    if (r.ok) state.setKey('list', r.value.list);
    else state.setKey('failure', r.failure);
  }
  return {
    $state: state,
    load,
    keyOf,
    async remove(item) {
      const id = keyOf(item);
      if (id === null) return;
      const r = await apiResult(`${path}/${id}`, { method: 'DELETE', silent: true });
      if (r.ok) await load();
      else state.setKey('failure', r.failure);
    },
  };
}

export const recentViews = recentList('/api/my/streams/played', (item) => item.streamId);
export const followedChannels = recentList('/api/my/streams/subscriptions', (item) => item.channelId);
