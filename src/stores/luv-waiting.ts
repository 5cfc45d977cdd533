/** Luv held by a BJ's withdrawals still waiting to be paid (`GET /api/my/luv/waiting`). */
import { map, type ReadableAtom } from 'nanostores';
import type { WaitingWithdrawals } from '../../domain/answers/withdrawals.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import type { Withdrawal } from './luv-api.ts';

export interface LuvWaitingState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: Withdrawal[];
  /** The luv all of them hold. */
  luv: number;
  failure: ApiFailure | null;
}

const state = map<LuvWaitingState>({ status: 'idle', list: [], luv: 0, failure: null });
export const $luvWaiting: ReadableAtom<LuvWaitingState> = state;

export async function loadLuvWaiting(): Promise<void> {
  state.set({ ...state.get(), status: 'loading', failure: null });
  const r = await apiResult<WaitingWithdrawals>('/api/my/luv/waiting', { silent: true });
  if (r.ok) state.set({ status: 'ready', list: r.value.list, luv: r.value.luv, failure: null });
  else state.set({ ...state.get(), status: 'error', failure: r.failure });
}
