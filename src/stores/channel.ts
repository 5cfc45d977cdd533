/** $channelPage: the channel on screen (profile, live, recordings). Actions beside it. */
import { atom, map, type ReadableAtom } from 'nanostores';
import { LIST_LIMIT_RECORDED_STREAMS } from '../../domain/limits.ts';
import { apiRequest, apiResult } from '../lib/api-client.ts';

export interface StreamCard {
  channelId: number;
  loginId: string;
  nickname: string;
  adult: boolean;
  adultPlus: boolean;
  locked: boolean;
  broadcasting: boolean;
  /** The live's or the recording's; null only on a channel card with neither. */
  streamId: number | null;
  type: number | null;
  format: 'hls' | 'bp_flv' | 'ivs' | null;
  title: string | null;
  thumbnail: string | null;
  hasPassword: boolean;
  viewCount: number;
  /** A live's viewers now (all API processes); 0 for recordings. */
  viewers: number;
  durationS: number | null;
  startedAt: string | null;
  endedAt: string | null;
}

export interface ChannelPageData {
  channel: StreamCard & { isOwner: boolean };
  live: StreamCard | null;
  subscriberCount: number;
  /** The signed-in viewer follows this channel. */
  following: boolean;
  notices: { id: number; title: string; content: string }[];
}

export type ChannelPageState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; data: ChannelPageData; recordings: StreamCard[]; recordingsTotal: number; sourceUrl: string | null; passwordNeeded: boolean };

const page = map<{ state: ChannelPageState }>({ state: { status: 'loading' } });
export const $channelPage: ReadableAtom<{ state: ChannelPageState }> = page;

/** `/channels/12`, `/channels/12/live`, `/vod/7` → 12, 12, 7; anything else → null. */
export function idFromPath(pathname: string, kind: 'channels' | 'vod'): number | null {
  const match = new RegExp(`^/${kind}/(\\d{1,10})(?:/live)?/?$`).exec(pathname);
  return match ? Number(match[1]) : null;
}

const pageData = (channelId: number) => apiRequest<ChannelPageData>(`/api/channels/${channelId}/channel-page`, { silent: true });

/**
 * Loads the channel on screen. `source`: the live page, which also reads the live's source, beside
 * the page read rather than after it (a channel that is not live answers it with a refusal).
 */
export async function loadChannelPage(channelId: number, { source: withSource = false } = {}): Promise<void> {
  page.setKey('state', { status: 'loading' });
  try {
    // Independent reads: one round trip, not two or three.
    const reading = withSource ? liveSource(channelId) : null;
    const [data, recs] = await Promise.all([
      pageData(channelId),
      apiRequest<{ list: StreamCard[]; total: number }>(`/api/channels/${channelId}/recorded-stream-list?limit=${LIST_LIMIT_RECORDED_STREAMS}`, {
        silent: true,
      }),
    ]);
    const source = reading && data.live && !data.live.locked ? await reading : { url: null, passwordNeeded: false };
    page.setKey('state', {
      status: 'ready',
      data,
      recordings: recs.list,
      recordingsTotal: recs.total,
      sourceUrl: source.url,
      passwordNeeded: source.passwordNeeded,
    });
  } catch {
    page.setKey('state', { status: 'missing' });
  }
}

/** Reloads the page's texts (titles, counts) in place: the player and its source are kept. */
export async function refreshChannelTexts(channelId: number): Promise<void> {
  try {
    const data = await pageData(channelId);
    const s = page.get().state;
    if (s.status === 'ready' && s.data.channel.channelId === channelId) page.setKey('state', { ...s, data });
  } catch {
    // The texts stay as they were; the next event or visit brings them up to date.
  }
}

async function liveSource(channelId: number): Promise<{ url: string | null; passwordNeeded: boolean }> {
  try {
    const r = await apiRequest<{ sources: { url: string }[] }>(`/api/channels/${channelId}/stream?option=all`, { silent: true });
    return { url: r.sources[0]?.url ?? null, passwordNeeded: false };
  } catch (err) {
    const body = (err as { data?: { error?: string } }).data;
    return { url: null, passwordNeeded: body?.error === 'password_required' };
  }
}

export async function moreRecordings(channelId: number): Promise<void> {
  const s = page.get().state;
  if (s.status !== 'ready') return;
  const r = await apiRequest<{ list: StreamCard[]; total: number }>(
    `/api/channels/${channelId}/recorded-stream-list?offset=${s.recordings.length}&limit=${LIST_LIMIT_RECORDED_STREAMS}`,
    { silent: true },
  );
  page.setKey('state', { ...s, recordings: [...s.recordings, ...r.list], recordingsTotal: r.total });
}

/** live-Auth with the password: 'ok' once the pass was granted (the page reloads its source). */
export async function enterPassword(channelId: number, viewerId: string, password: string): Promise<'ok' | 'wrong' | 'locked'> {
  const q = new URLSearchParams({ channelId: String(channelId), viewerId, password, option: '', aspCode: '' });
  try {
    await apiRequest(`/api/guest/live-Auth?${q}`, { silent: true });
  } catch (err) {
    return (err as { status?: number }).status === 429 ? 'locked' : 'wrong';
  }
  await loadChannelPage(channelId, { source: true });
  return 'ok';
}

export async function setFollowing(channelId: number, follow: boolean): Promise<void> {
  if (follow) await apiRequest('/api/my/streams/subscriptions', { method: 'POST', body: { channelId } });
  else await apiRequest(`/api/my/streams/subscriptions/${channelId}`, { method: 'DELETE' });
  const s = page.get().state;
  if (s.status === 'ready' && s.data.following !== follow)
    page.setKey('state', { ...s, data: { ...s.data, following: follow, subscriberCount: s.data.subscriberCount + (follow ? 1 : -1) } });
}

export type Vod = StreamCard & { url: string | null };
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
  void apiRequest('/api/my/streams/played', { method: 'POST', body: { streamId }, silent: true }).catch(() => undefined);
}
