/** Channel rankings (SPEC §7 `GET /api/my/rankings`): one page at a time, and the member's own rank. */
import { map, type ReadableAtom } from 'nanostores';
import type { MyRank, RankedChannel, Rankings } from '../../domain/answers/home.ts';
import { RANKING_PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

export type { MyRank, RankedChannel } from '../../domain/answers/home.ts';

export interface RankingsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: RankedChannel[];
  me: MyRank | null;
  offset: number;
  /** Another page may follow (the API answers no total: a full page means "maybe more"). */
  more: boolean;
  failure: ApiFailure | null;
}

const state = map<RankingsState>({ status: 'idle', list: [], me: null, offset: 0, more: false, failure: null });
export const $rankings: ReadableAtom<RankingsState> = state;
export const RANKINGS_PAGE_SIZE = RANKING_PAGE_LIMIT_DEFAULT;
let generation = 0;

/** Loads the page starting at `offset`; an answer to an older request is dropped. */
export async function loadRankings(offset = 0): Promise<void> {
  const mine = ++generation;
  state.set({ ...state.get(), status: 'loading', failure: null });
  const r = await apiResult<Rankings>('/api/my/rankings', {
    query: { offset, limit: RANKINGS_PAGE_SIZE },
    silent: true,
  });
  if (mine !== generation) return;
  if (!r.ok) return state.set({ ...state.get(), status: 'error', failure: r.failure });
  state.set({
    status: 'ready',
    list: r.value.list,
    me: r.value.me,
    offset,
    more: r.value.list.length === RANKINGS_PAGE_SIZE,
    failure: null,
  });
}
