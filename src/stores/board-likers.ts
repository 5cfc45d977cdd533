/** Who liked a board post (`GET /api/cs/board-like-User/{id}`) and how many (`GET /api/cs/board-likeCount/{id}`). */
import { map, type ReadableAtom } from 'nanostores';
import type { BoardLikeCount, BoardLiker, BoardLikers } from '../../domain/answers/boards.ts';
import { PAGE_LIMIT_MAX } from '../../domain/limits.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

export interface LikersState {
  boardId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  count: number | null;
  list: BoardLiker[];
  failure: ApiFailure | null;
}

const state = map<LikersState>({ boardId: null, status: 'idle', count: null, list: [], failure: null });
export const $boardLikers: ReadableAtom<LikersState> = state;

/** Reads the count and the newest likers (one page of at most PAGE_LIMIT_MAX). */
export async function loadLikers(boardId: number): Promise<void> {
  state.set({ ...state.get(), boardId, status: 'loading', failure: null });
  const [count, likers] = await Promise.all([
    apiResult<BoardLikeCount>(`/api/cs/board-likeCount/${boardId}`, { silent: true }),
    apiResult<BoardLikers>(`/api/cs/board-like-User/${boardId}`, { query: { limit: PAGE_LIMIT_MAX }, silent: true }),
  ]);
  if (state.get().boardId !== boardId) return;
  if (!count.ok) return state.set({ boardId, status: 'error', count: null, list: [], failure: count.failure });
  if (!likers.ok) return state.set({ boardId, status: 'error', count: null, list: [], failure: likers.failure });
  state.set({ boardId, status: 'ready', count: count.value.likeCount, list: likers.value.list, failure: null });
}
