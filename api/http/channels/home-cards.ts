/**
 * Channel cards for the home lists (LIKE, GIFT_VIEW, CASTER): a channel with its live stream when
 * it is on air, through streamCard(), so adult channels stay locked for callers without PI.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { SessionMember } from '../../app-env.ts';
import { channels, streams } from '../../db/schema/index.ts';
import { streamCard, type ChannelRow, type StreamRow } from './streams-access.ts';

/** Left-join condition: the channel's open live (type 1, not ended). */
export const openLive = and(eq(streams.channelId, channels.id), eq(streams.type, 1), isNull(streams.endedAt));

/** A card whose stream is shown only while the channel broadcasts. */
export function channelCard(ch: ChannelRow, live: StreamRow | null, member: SessionMember | null) {
  return streamCard(ch, ch.broadcasting ? live : null, member);
}
