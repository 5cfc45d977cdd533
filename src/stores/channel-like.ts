/** $channelLike: whether the viewer likes the channel on screen, and its like count (LIKE). */
import { map, type ReadableAtom } from 'nanostores';
import type { ChannelLike, ChannelLikeChanged } from '../../domain/answers/channels.ts';
import { apiResult } from '../lib/api-client.ts';
import { notify } from '../lib/toast.ts';

export interface ChannelLikeState {
  channelId: number | null;
  liked: boolean;
  count: number;
  /** A request is in flight (the first read, or a change): the heart waits for its answer. */
  busy: boolean;
}

const like = map<ChannelLikeState>({ channelId: null, liked: false, count: 0, busy: false });
export const $channelLike: ReadableAtom<ChannelLikeState> = like;

export async function loadLike(channelId: number): Promise<void> {
  like.set({ channelId, liked: false, count: 0, busy: true });
  const r = await apiResult<ChannelLike>(`/api/channels/${channelId}/like`, { silent: true });
  if (like.get().channelId !== channelId) return;
  // On a failure the heart starts empty; pressing it likes, and the answer tells the real state.
  if (r.ok) like.set({ channelId, liked: r.value.liked, count: r.value.count, busy: false });
  else like.setKey('busy', false);
}

/** Likes or unlikes (members only: the caller shows the members-only dialog to guests). */
export async function toggleLike(channelId: number, errorText: string): Promise<void> {
  const s = like.get();
  if (s.busy) return;
  like.setKey('busy', true);
  const method = s.liked ? 'DELETE' : 'PUT';
  const r = await apiResult<ChannelLikeChanged>(`/api/channels/${channelId}/like`, { method, silent: true });
  if (r.ok) return like.set({ channelId, liked: r.value.liked, count: r.value.count, busy: false });
  like.setKey('busy', false);
  notify(errorText, 'error');
}
