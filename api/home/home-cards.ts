/**
 * Channel cards for the home lists (LIKE, GIFT_VIEW, CASTER): a channel with its live stream when
 * it is on air, through streamCard(), so adult channels stay locked for callers without PI; and the
 * paging every card list takes.
 */
import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { SessionMember } from '../app-env.ts';
import { channels, streams } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { paging, query } from '../http/request.ts';
import { streamCard, type ChannelRow, type StreamRow } from '../lives/streams-access.ts';

/** Left-join condition: the channel's open live (type 1, not ended). */
export const openLive = and(eq(streams.channelId, channels.id), eq(streams.type, 1), isNull(streams.endedAt));

/** A card whose stream is shown only while the channel broadcasts. */
export function channelCard(ch: ChannelRow, live: StreamRow | null, member: SessionMember | null, media: MediaUrls) {
  return streamCard(ch, ch.broadcasting ? live : null, member, media);
}

/** `offset&limit` of a card list (default LIST_LIMIT_STREAMS); bad paging is 400 `bad_request`. */
export const cardListQuery = () => query(v.object({ ...paging(LIST_LIMIT_STREAMS) }), { invalid: 'bad_request' });

/** What a card list's documentation says about paging and locking. */
export const CARD_LIST_NOTE = `Paged by offset and limit (default ${LIST_LIMIT_STREAMS}); adult channels are locked (no title, thumbnail or stream data) for callers without identity verification.`;
