/**
 * Channel likes (the heart on a channel page, the LIKE list of the home page):
 * `GET /api/channels/{id}/like` → `{ channelId, liked, count }` (guests: liked false);
 * `PUT` likes and `DELETE` unlikes (members; both idempotent, 404 for an unknown channel);
 * `GET /api/my/likes?offset&limit` → `{ list, total }` the caller's liked channels, live ones first.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { LIST_LIMIT_STREAMS } from '../../../domain/limits.ts';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { channelLikes, channels, members, streams } from '../../db/schema/index.ts';
import { BAD_PAGE } from './home.ts';
import { channelCard, openLive } from './home-cards.ts';
import { optionalMember, requireMember } from '../session.ts';
import { channelColumns, page, parseId } from './streams-queries.ts';

const notFound = { error: 'channel_not_found', error_msg: 'No such channel.' } as const;

async function likeCount(db: Db, channelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(channelLikes).where(eq(channelLikes.channelId, channelId));
  return row?.n ?? 0;
}

async function channelExists(db: Db, channelId: number): Promise<boolean> {
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId));
  return row !== undefined;
}

/** The channel id of the path when that channel exists, else null. */
async function knownChannel(c: Context<ApiEnv>): Promise<number | null> {
  const channelId = parseId(c.req.param('channelId'));
  return channelId !== null && (await channelExists(c.get('deps').database.db, channelId)) ? channelId : null;
}

export const channelLike = new Hono<ApiEnv>();

channelLike.get('/:channelId/like', optionalMember(), async (c) => {
  const channelId = await knownChannel(c);
  if (channelId === null) return c.json(notFound, 404);
  const { db } = c.get('deps').database;
  const member = c.get('member');
  const [mine] = member
    ? await db
        .select({ at: channelLikes.createdAt })
        .from(channelLikes)
        .where(and(eq(channelLikes.memberId, member.id), eq(channelLikes.channelId, channelId)))
    : [];
  return c.json({ channelId, liked: mine !== undefined, count: await likeCount(db, channelId) });
});

channelLike.put('/:channelId/like', requireMember(), async (c) => {
  const channelId = await knownChannel(c);
  if (channelId === null) return c.json(notFound, 404);
  const { db } = c.get('deps').database;
  await db
    .insert(channelLikes)
    .values({ memberId: c.get('member')!.id, channelId })
    .onConflictDoNothing();
  return c.json({ ok: true, channelId, liked: true, count: await likeCount(db, channelId) });
});

channelLike.delete('/:channelId/like', requireMember(), async (c) => {
  const channelId = await knownChannel(c);
  if (channelId === null) return c.json(notFound, 404);
  const { db } = c.get('deps').database;
  await db.delete(channelLikes).where(and(eq(channelLikes.memberId, c.get('member')!.id), eq(channelLikes.channelId, channelId)));
  return c.json({ ok: true, channelId, liked: false, count: await likeCount(db, channelId) });
});

export const myLikes = new Hono<ApiEnv>();

myLikes.get('/', requireMember(), async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json(BAD_PAGE, 400);
  const member = c.get('member')!;
  const { db } = c.get('deps').database;
  const rows = await db
    .select({ channel: channelColumns, live: streams })
    .from(channelLikes)
    .innerJoin(channels, eq(channels.id, channelLikes.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .leftJoin(streams, openLive)
    .where(eq(channelLikes.memberId, member.id))
    .orderBy(desc(channels.broadcasting), desc(channelLikes.createdAt), desc(channels.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(channelLikes).where(eq(channelLikes.memberId, member.id));
  return c.json({ list: rows.map((r) => channelCard(r.channel, r.live, member)), total: total?.n ?? 0 });
});
