/** The home page's member lists: live now from the history, RECENT_VIEW, SUBSCRIPTIONS_VIEW, LIKE and GIFT_VIEW. */
import type { StreamCard } from '../../domain/answers/channels.ts';
import type { GiftedCard } from '../../domain/answers/home.ts';
import { pagedList } from './paged-list.ts';

export type { GiftedCard } from '../../domain/answers/home.ts';

/** `GET /api/my/streams/present`: channels the member watched before that are live now (one page). */
export const homePresent = pagedList<StreamCard>(() => '/api/my/streams/present', { paged: false });
export const homeRecent = pagedList<StreamCard>(() => '/api/my/streams/played');
/** The subscriptions API answers one page (the followed channels, live first). */
export const homeSubscriptions = pagedList<StreamCard>(() => '/api/my/streams/subscriptions', { paged: false });
export const homeLikes = pagedList<StreamCard>(() => '/api/my/likes');
export const homeGifted = pagedList<GiftedCard>(() => '/api/my/gifted-channels');
