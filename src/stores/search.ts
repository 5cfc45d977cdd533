/**
 * Discovery (api/search/): the results of the header's search, the browse page's broadcast themes with
 * their live counts, and the lives of the theme chosen there.
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import type { StreamCard } from '../../domain/answers/channels.ts';
import type { CategoryCount, CategoryCounts, SearchResults } from '../../domain/answers/search.ts';
import { apiResult } from '../lib/api-client.ts';
import { pagedList } from './paged-list.ts';

type SearchState =
  | { status: 'idle' | 'loading' | 'error'; query: string }
  | { status: 'ready'; query: string; results: SearchResults };
const searchState = atom<SearchState>({ status: 'idle', query: '' });
export const $search: ReadableAtom<SearchState> = searchState;

/** Searches `q` (trimmed); a blank query is ready at once with nothing found. A later search wins. */
export async function runSearch(q: string): Promise<void> {
  const query = q.trim();
  if (query === '') return searchState.set({ status: 'ready', query, results: { query, channels: [], lives: [] } });
  searchState.set({ status: 'loading', query });
  const r = await apiResult<SearchResults>('/api/search', { query: { q: query }, silent: true });
  if (searchState.get().query !== query) return;
  searchState.set(r.ok ? { status: 'ready', query, results: r.value } : { status: 'error', query });
}

type CategoriesState = { status: 'loading' | 'ready' | 'error'; list: CategoryCount[]; total: number };
const categories = map<CategoriesState>({ status: 'loading', list: [], total: 0 });
export const $categories: ReadableAtom<CategoriesState> = categories;

export async function loadCategories(): Promise<void> {
  categories.setKey('status', 'loading');
  const r = await apiResult<CategoryCounts>('/api/search/categories', { silent: true });
  categories.set(r.ok ? { status: 'ready', ...r.value } : { status: 'error', list: [], total: 0 });
}

const browseTheme = atom<number | null>(null);
/** The broadcast theme the browse page lists (null: every live). */
export const $browseTheme: ReadableAtom<number | null> = browseTheme;

export const browseLives = pagedList<StreamCard>(() =>
  browseTheme.get() === null ? '/api/lives' : `/api/lives?themeId=${browseTheme.get()}`,
);

export function browseCategory(themeId: number | null): void {
  if (browseTheme.get() === themeId && browseLives.$state.get().status !== 'idle') return;
  browseTheme.set(themeId);
  browseLives.reset();
  void browseLives.loadMore();
}
