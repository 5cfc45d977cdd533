/** $channelPage: the channel on screen (profile, live, recordings). Actions beside it. */
import { atom, map, type ReadableAtom } from 'nanostores';
import type { ChannelPage, RecordingsPage, StreamCard, Vod } from '../../domain/answers/channels.ts';
import type { StreamSourcesAnswer } from '../../domain/schemas/channels.ts';
import { LIST_LIMIT_RECORDED_STREAMS } from '../../domain/limits.ts';
import { MEDIA_PREFIX } from '../../domain/media.ts';
import { apiResult, type ApiResult } from '../lib/api-client.ts';
import { connectChat } from '../lib/chat-socket.ts';

export type { StreamCard, Vod } from '../../domain/answers/channels.ts';

/** The channel page's answer; the name the islands read. */
export type ChannelPageData = ChannelPage;

export type ChannelPageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | {
      status: 'ready';
      data: ChannelPageData;
      recordings: StreamCard[];
      recordingsTotal: number;
      sourceUrl: string | null;
      passwordNeeded: boolean;
    };

const page = map<{ state: ChannelPageState }>({ state: { status: 'loading' } });
export const $channelPage: ReadableAtom<{ state: ChannelPageState }> = page;

/** `/channels/12`, `/channels/12/live`, `/vod/7` → 12, 12, 7; anything else → null. */
export function idFromPath(pathname: string, kind: 'channels' | 'vod'): number | null {
  const match = new RegExp(`^/${kind}/(\\d{1,10})(?:/live)?/?$`).exec(pathname);
  return match ? Number(match[1]) : null;
}

/** `/popup/chat/12?darkTheme=true` → the chat dock's channel and theme; anything else → null. */
export function chatPopupOf(location: {
  pathname: string;
  search: string;
}): { channelId: number; dark: boolean } | null {
  const match = /^\/popup\/chat\/(\d{1,10})\/?$/.exec(location.pathname);
  if (!match) return null;
  return { channelId: Number(match[1]), dark: new URLSearchParams(location.search).get('darkTheme') === 'true' };
}

const pageData = (channelId: number) =>
  apiResult<ChannelPageData>(`/api/channels/${channelId}/channel-page`, { silent: true });

/** A page of the channel's recordings; the first page is asked for without an offset. */
function recordingsFrom(channelId: number, offset?: number): Promise<ApiResult<RecordingsPage>> {
  const from = offset === undefined ? '' : `offset=${offset}&`;
  return apiResult(`/api/channels/${channelId}/recorded-stream-list?${from}limit=${LIST_LIMIT_RECORDED_STREAMS}`, {
    silent: true,
  });
}

/**
 * Loads the channel on screen. `source`: the live page, which also reads the live's source, beside
 * the page read rather than after it (a channel that is not live answers it with a refusal).
 */
export async function loadChannelPage(channelId: number, { source: withSource = false } = {}): Promise<void> {
  page.setKey('state', { status: 'loading' });
  // Independent reads: one round trip, not two or three.
  const reading = withSource ? liveSource(channelId) : null;
  const [read, recs] = await Promise.all([pageData(channelId), recordingsFrom(channelId)]);
  if (!read.ok || !recs.ok) return page.setKey('state', { status: 'missing' });
  const data = read.value;
  const source =
    reading && data.live && !data.live.locked ? await reading : { url: null, passwordNeeded: false, expiresAt: null };
  renewSourceBefore(channelId, source.expiresAt);
  page.setKey('state', {
    status: 'ready',
    data,
    recordings: recs.value.list,
    recordingsTotal: recs.value.total,
    sourceUrl: source.url,
    passwordNeeded: source.passwordNeeded,
  });
}

/** Reloads the page's texts (titles, counts) in place: the player and its source are kept. */
export async function refreshChannelTexts(channelId: number): Promise<void> {
  const r = await pageData(channelId);
  // On a failure the texts stay as they were; the next event or visit brings them up to date.
  const s = page.get().state;
  if (r.ok && s.status === 'ready' && s.data.channel.channelId === channelId)
    page.setKey('state', { ...s, data: r.value });
}

/** How long a live that just went on air may take to have its first segments (the encoder's first seconds). */
const PLAYABLE_TRIES = 20;
const PLAYABLE_EVERY_MS = 1000;
/** A live's media addresses are re-asked this long before their playback token runs out. */
const SOURCE_RENEW_MARGIN_MS = 60_000;

let renewTimer: ReturnType<typeof setTimeout> | null = null;

async function liveSource(
  channelId: number,
): Promise<{ url: string | null; passwordNeeded: boolean; expiresAt: string | null }> {
  const r = await apiResult<StreamSourcesAnswer>(`/api/channels/${channelId}/stream?option=all`, { silent: true });
  if (!r.ok) return { url: null, passwordNeeded: r.failure.code === 'password_required', expiresAt: null };
  const url = r.value.sources[0]?.url ?? null;
  return { url: url && (await playable(url)) ? url : null, passwordNeeded: false, expiresAt: r.value.expiresAt };
}

/**
 * A live pushed from an encoder has no playlist for its first second or two: the page waits for it
 * (same-origin media only; other addresses are the player's business) rather than hand the player
 * a 404. False when it never came.
 */
export async function playable(url: string, tries = PLAYABLE_TRIES, everyMs = PLAYABLE_EVERY_MS): Promise<boolean> {
  if (!new URL(url, location.href).pathname.startsWith(MEDIA_PREFIX)) return true;
  for (let i = 0; i < tries; i++) {
    const ok = await fetch(url, { cache: 'no-store' }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}

/** Asks for the live's addresses again before their token runs out; the player reloads with the new ones. */
function renewSourceBefore(channelId: number, expiresAt: string | null): void {
  if (renewTimer) clearTimeout(renewTimer);
  renewTimer = null;
  if (!expiresAt) return;
  const wait = new Date(expiresAt).getTime() - Date.now() - SOURCE_RENEW_MARGIN_MS;
  if (wait <= 0) return;
  renewTimer = setTimeout(async () => {
    const s = page.get().state;
    if (s.status !== 'ready' || s.data.channel.channelId !== channelId || !s.data.live) return;
    const source = await liveSource(channelId);
    const now = page.get().state;
    if (source.url && now.status === 'ready' && now.data.channel.channelId === channelId)
      page.setKey('state', { ...now, sourceUrl: source.url });
    renewSourceBefore(channelId, source.expiresAt);
  }, wait);
}

/**
 * While the channel is off the air: listens to its chat room (as a guest, reading only) for the
 * live to start, then loads the page again (with the live's source on the live page), so the
 * viewer sees the video without reloading.
 * Returns the stop.
 */
export function watchForLive(channelId: number, { source = false } = {}): () => void {
  const room = String(channelId);
  const connection = connectChat({
    room,
    streamId: null,
    getTicket: async () => null,
    lastSeq: () => undefined,
    onStatus: () => undefined,
    onJoined: () => undefined,
    handlers: {
      event: (e) => {
        if (e.room === room && e.type === 'broadcast_start') void loadChannelPage(channelId, { source });
      },
    },
  });
  connection.start();
  return () => void connection.stop();
}

/** Loads the next recordings; on a failure the list stays as it is (the button asks again). */
export async function moreRecordings(channelId: number): Promise<void> {
  const s = page.get().state;
  if (s.status !== 'ready') return;
  const r = await recordingsFrom(channelId, s.recordings.length);
  if (r.ok)
    page.setKey('state', { ...s, recordings: [...s.recordings, ...r.value.list], recordingsTotal: r.value.total });
}

/** live-Auth with the password: 'ok' once the pass was granted (the page reloads its source). */
export async function enterPassword(
  channelId: number,
  viewerId: string,
  password: string,
): Promise<'ok' | 'wrong' | 'locked'> {
  const q = new URLSearchParams({ channelId: String(channelId), viewerId, password, option: '', aspCode: '' });
  const r = await apiResult(`/api/guest/live-Auth?${q}`, { silent: true });
  if (!r.ok) return r.failure.status === 429 ? 'locked' : 'wrong';
  await loadChannelPage(channelId, { source: true });
  return 'ok';
}

/** Follows or unfollows; on a failure nothing changes (the client has shown a bare message). */
export async function setFollowing(channelId: number, follow: boolean): Promise<void> {
  const r = follow
    ? await apiResult('/api/my/streams/subscriptions', { method: 'POST', body: { channelId } })
    : await apiResult(`/api/my/streams/subscriptions/${channelId}`, { method: 'DELETE' });
  if (!r.ok) return;
  const s = page.get().state;
  if (s.status === 'ready' && s.data.following !== follow)
    page.setKey('state', {
      ...s,
      data: { ...s.data, following: follow, subscriberCount: s.data.subscriberCount + (follow ? 1 : -1) },
    });
}

export type VodPageState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; vod: Vod };

const vodPage = atom<VodPageState>({ status: 'loading' });
/** The recording on screen (`/vod/{streamId}`). */
export const $vodPage: ReadableAtom<VodPageState> = vodPage;

export async function loadVod(streamId: number | null): Promise<void> {
  if (!streamId) return vodPage.set({ status: 'missing' });
  vodPage.set({ status: 'loading' });
  const r = await apiResult<Vod>(`/api/vods/${streamId}`, { silent: true });
  vodPage.set(r.ok ? { status: 'ready', vod: r.value } : { status: 'missing' });
}

/** Records a watched stream for RECENT_VIEW (members only; failures do not matter to the viewer). */
export function markPlayed(streamId: number): void {
  void apiResult('/api/my/streams/played', { method: 'POST', body: { streamId }, silent: true });
}
