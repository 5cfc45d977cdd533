/** $homeLives and the member lists of the home page; lists page further on scroll. */
import { map, type ReadableAtom } from 'nanostores';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import { apiRequest } from '../lib/api-client.ts';
import type { StreamCard } from './channel.ts';

export interface PagedList {
  items: StreamCard[];
  total: number;
  loading: boolean;
  done: boolean;
}

const empty = (): PagedList => ({ items: [], total: 0, loading: false, done: false });
const lives = map<PagedList>(empty());
export const $homeLives: ReadableAtom<PagedList> = lives;
const mine = map<{ recent: StreamCard[]; subscriptions: StreamCard[] }>({ recent: [], subscriptions: [] });
export const $homeMine: ReadableAtom<{ recent: StreamCard[]; subscriptions: StreamCard[] }> = mine;

export async function loadMoreLives(): Promise<void> {
  const s = lives.get();
  if (s.loading || s.done) return;
  lives.setKey('loading', true);
  try {
    const r = await apiRequest<{ list: StreamCard[]; total: number }>(`/api/lives?offset=${s.items.length}&limit=${LIST_LIMIT_STREAMS}`, { silent: true });
    const items = [...s.items, ...r.list];
    lives.set({ items, total: r.total, loading: false, done: r.list.length < LIST_LIMIT_STREAMS || items.length >= r.total });
  } catch {
    lives.set({ ...lives.get(), loading: false, done: true });
  }
}

export async function loadMine(): Promise<void> {
  const [recent, subscriptions] = await Promise.all([
    apiRequest<{ list: StreamCard[] }>('/api/my/streams/played', { silent: true }).catch(() => ({ list: [] })),
    apiRequest<{ list: StreamCard[] }>('/api/my/streams/subscriptions', { silent: true }).catch(() => ({ list: [] })),
  ]);
  mine.set({ recent: recent.list, subscriptions: subscriptions.list });
}
