/**
 * Recommended live channels (`GET /api/guest/suggestion-list`): never adult ones, never the member's own, nor the
 * channel on screen.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { SuggestedChannel, SuggestedChannels } from '../../domain/answers/channels.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

export type { SuggestedChannel } from '../../domain/answers/channels.ts';

export interface SuggestionsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: SuggestedChannel[];
  failure: ApiFailure | null;
}

/** How many the page shows. */
export const SUGGESTIONS_SHOWN = 6;

const state = map<SuggestionsState>({ status: 'idle', list: [], failure: null });
export const $suggestions: ReadableAtom<SuggestionsState> = state;

export async function loadSuggestions({
  memberId,
  except,
}: {
  memberId: number | null;
  except: number | null;
}): Promise<void> {
  state.set({ ...state.get(), status: 'loading', failure: null });
  const r = await apiResult<SuggestedChannels>('/api/guest/suggestion-list', {
    // One more than shown: the channel on screen may be among them.
    query: { memberId: memberId ?? undefined, limit: SUGGESTIONS_SHOWN + 1 },
    silent: true,
  });
  if (!r.ok) return state.set({ status: 'error', list: [], failure: r.failure });
  state.set({
    status: 'ready',
    list: r.value.list.filter((c) => c.channelId !== except).slice(0, SUGGESTIONS_SHOWN),
    failure: null,
  });
}
