/**
 * A list read page by page from an API answering `{ list, total? }` to `offset&limit`, for lists
 * that grow on scroll. A reset (another filter) drops answers still in flight for the old one.
 */
import { map, type ReadableAtom } from 'nanostores';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import { apiResult } from '../lib/api-client.ts';

export type PagedStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PagedState<T> {
  items: T[];
  total: number | null;
  status: PagedStatus;
  /** Every entry is loaded: no further page is asked for. */
  done: boolean;
}

export interface PagedList<T> {
  $state: ReadableAtom<PagedState<T>>;
  /** Loads the next page unless one is loading, all are loaded, or the last attempt failed. */
  loadMore(): Promise<void>;
  /** After an error: tries the same page again. */
  retry(): Promise<void>;
  /** Starts over (a new filter). */
  reset(): void;
}

/** `path()` is read on every page; `paged: false` for APIs that answer one fixed page. */
export function pagedList<T>(path: () => string, { paged = true, limit = LIST_LIMIT_STREAMS } = {}): PagedList<T> {
  const initial = (): PagedState<T> => ({ items: [], total: null, status: 'idle', done: false });
  const state = map<PagedState<T>>(initial());
  let generation = 0;

  async function load(): Promise<void> {
    const s = state.get();
    if (s.status === 'loading' || s.done) return;
    const mine = generation;
    state.setKey('status', 'loading');
    const base = path();
    const url = paged ? `${base}${base.includes('?') ? '&' : '?'}offset=${s.items.length}&limit=${limit}` : base;
    const r = await apiResult<{ list: T[]; total?: number }>(url, { silent: true });
    if (mine !== generation) return;
    if (!r.ok) return state.setKey('status', 'error');
    const { list } = r.value;
    const items = [...state.get().items, ...list];
    const total = typeof r.value.total === 'number' ? r.value.total : null;
    const done = !paged || list.length < limit || (total !== null && items.length >= total);
    state.set({ items, total, status: 'ready', done });
  }

  return {
    $state: state,
    loadMore: () => (state.get().status === 'error' ? Promise.resolve() : load()),
    retry: load,
    reset() {
      generation += 1;
      state.set(initial());
    },
  };
}
