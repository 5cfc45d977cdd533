/**
 * The chat's emoticon picker (SPEC §7 guest `show-emoji`, `show-all-emoji`, and
 * `POST /api/lives/change-favorite-emoticon`): the set with a member's favourites first, a search by
 * title, and the favourite toggle.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { EmojiFavoriteChanged, EmojiSearch, EmojiSet } from '../../domain/answers/emoji.ts';
import { EMOJI_TITLE_LENGTH_MAX, LIST_LIMIT_EMOJI } from '../../domain/limits.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

/** An emoticon with the member's favourite mark. */
export type Emoji = EmojiSet['list'][number];

export interface EmojiState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: Emoji[];
  /** The search's title and its matches; null matches: no search. */
  query: string;
  matches: Emoji[] | null;
  failure: ApiFailure | null;
}

const state = map<EmojiState>({ status: 'idle', list: [], query: '', matches: null, failure: null });
export const $emoji: ReadableAtom<EmojiState> = state;
let loadedFor: string | null = null;
let searchGeneration = 0;

const favouritesFirst = (list: Emoji[]) => [...list].sort((a, b) => Number(b.favorite) - Number(a.favorite));

/** Loads the set once per member (a guest's has no favourites); after an error the next call tries again. */
export async function loadEmoji(loginId: string | null): Promise<void> {
  const who = loginId ?? '';
  if (loadedFor === who && state.get().status !== 'error') return;
  loadedFor = who;
  state.set({ ...state.get(), status: 'loading', failure: null });
  const r = await apiResult<EmojiSet>('/api/guest/show-emoji', { query: { loginId: who || undefined }, silent: true });
  if (loadedFor !== who) return;
  if (r.ok) state.set({ ...state.get(), status: 'ready', list: r.value.list });
  else state.set({ ...state.get(), status: 'error', failure: r.failure });
}

/** Emoji whose title holds `title` (all of them for an empty one); favourites keep their mark. */
export async function searchEmoji(title: string): Promise<void> {
  const query = title.trim().slice(0, EMOJI_TITLE_LENGTH_MAX);
  const mine = ++searchGeneration;
  if (!query) return state.set({ ...state.get(), query: '', matches: null });
  state.setKey('query', query);
  const r = await apiResult<EmojiSearch>('/api/guest/show-all-emoji', {
    query: { title: query, offset: 0, limit: LIST_LIMIT_EMOJI },
    silent: true,
  });
  if (mine !== searchGeneration) return;
  if (!r.ok) return state.set({ ...state.get(), failure: r.failure });
  const favourite = new Set(
    state
      .get()
      .list.filter((e) => e.favorite)
      .map((e) => e.emojiId),
  );
  state.set({
    ...state.get(),
    matches: r.value.list.map((e) => ({ ...e, favorite: favourite.has(e.emojiId) })),
    failure: null,
  });
}

/** Adds or removes one favourite; the failure, or null. */
export async function toggleFavorite(emojiId: number, loginId: string): Promise<ApiFailure | null> {
  const r = await apiResult<EmojiFavoriteChanged>('/api/lives/change-favorite-emoticon', {
    method: 'POST',
    body: { memberId: loginId, emojiId },
    silent: true,
  });
  if (!r.ok) {
    state.setKey('failure', r.failure);
    return r.failure;
  }
  const mark = (e: Emoji) => (e.emojiId === emojiId ? { ...e, favorite: r.value.favorite } : e);
  const s = state.get();
  state.set({ ...s, list: favouritesFirst(s.list.map(mark)), matches: s.matches?.map(mark) ?? null, failure: null });
  return null;
}
