/** `GET /api/my/likes?offset&limit` (LIKE, members): the caller's liked channels, live ones first. */
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channelLikes, channels, members, streams } from '../db/schema/index.ts';
import { CARD_LIST_NOTE, cardListQuery, channelCard, openLive } from './home-cards.ts';
import { channelColumns } from '../lives/streams-queries.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';

export const myLikes = new Hono<ApiEnv>().get(
  '/',
  doc({ tag: 'my', summary: "The caller's liked channels, live ones first: { list, total }", description: CARD_LIST_NOTE }),
  requireMember(),
  cardListQuery(),
  async (c) => {
    const { offset, limit } = c.req.valid('query');
    const member = me(c);
    const { db } = c.get('deps').database;
    const rows = await db
      .select({ channel: channelColumns, live: streams })
      .from(channelLikes)
      .innerJoin(channels, eq(channels.id, channelLikes.channelId))
      .innerJoin(members, eq(members.id, channels.ownerId))
      .leftJoin(streams, openLive)
      .where(eq(channelLikes.memberId, member.id))
      .orderBy(desc(channels.broadcasting), desc(channelLikes.createdAt), desc(channels.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(channelLikes).where(eq(channelLikes.memberId, member.id));
    return c.json({ list: rows.map((r) => channelCard(r.channel, r.live, member, mediaUrls(c.get('deps')))), total: total?.n ?? 0 });
  },
);
