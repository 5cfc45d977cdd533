/** The paid subscribers of the broadcaster's own channel (`/api/my/channel-subscription-list`), page by page. */
import { map, type ReadableAtom } from 'nanostores';
import type { ChannelSubscribers } from '../../domain/answers/subscriptions.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import type { Subscription } from './subscription.ts';

export const CHANNEL_SUBSCRIBERS_PAGE = 20;

export interface ChannelSubscribersState {
  list: Subscription[] | null;
  total: number;
  active: number;
  offset: number;
  failure: ApiFailure | null;
}

const state = map<ChannelSubscribersState>({ list: null, total: 0, active: 0, offset: 0, failure: null });
export const $channelSubscribers: ReadableAtom<ChannelSubscribersState> = state;

export async function loadChannelSubscribers(offset = 0): Promise<void> {
  const r = await apiResult<ChannelSubscribers>('/api/my/channel-subscription-list', {
    query: { offset, limit: CHANNEL_SUBSCRIBERS_PAGE },
    silent: true,
  });
  if (!r.ok) return state.setKey('failure', r.failure);
  state.set({ list: r.value.list, total: r.value.total, active: r.value.active, offset, failure: null });
}
