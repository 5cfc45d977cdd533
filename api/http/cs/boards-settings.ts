/**
 * Board settings: `GET /api/cs/board-setting-check?channelId` (what the caller may do on this board),
 * `PUT /api/cs/board-setting/{channelId}` (owner only), and `GET /api/guest/find-new-board`
 * (public: is there a post newer than the one the visitor last saw).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { boardPosts, boardSettings } from '../../db/schema/index.ts';
import { boardSetting, channelOwner } from './boards-access.ts';
import { fail, forbidden, me, notFound, parseId, readInput } from './cs-http.ts';
import { optionalMember, requireMember } from '../session.ts';

export const boardSettingRoutes = new Hono<ApiEnv>();

boardSettingRoutes.get('/board-setting-check', optionalMember(), async (c) => {
  const channelId = parseId(c.req.query('channelId'));
  if (!channelId) return fail(c, 400, 'validation_failed', 'Please check channelId.');
  const { db } = c.get('deps').database;
  const ownerId = await channelOwner(db, channelId);
  if (ownerId === null) return notFound(c, 'channel');
  const setting = await boardSetting(db, channelId);
  const member = c.get('member');
  const isOwner = member?.id === ownerId;
  return c.json({
    channelId,
    ...setting,
    isOwner,
    canWrite: !!member && (isOwner || setting.writePermission === 'all'),
    canComment: !!member && setting.commentsEnabled,
  });
});

const settingSchema = v.object({ writePermission: v.picklist(['all', 'owner']), commentsEnabled: v.boolean() });

boardSettingRoutes.put('/board-setting/:channelId', requireMember(), async (c) => {
  const channelId = parseId(c.req.param('channelId'));
  const { db } = c.get('deps').database;
  const ownerId = channelId ? await channelOwner(db, channelId) : null;
  if (ownerId === null || !channelId) return notFound(c, 'channel');
  if (ownerId !== me(c).id) return forbidden(c, 'Only the channel owner can change board settings.');
  const input = await readInput(c, settingSchema);
  if (!input.ok) return input.res;
  await db
    .insert(boardSettings)
    .values({ channelId, ...input.data })
    .onConflictDoUpdate({ target: boardSettings.channelId, set: input.data });
  return c.json({ channelId, ...input.data });
});

export const findNewBoardRoutes = new Hono<ApiEnv>();

findNewBoardRoutes.get('/', async (c) => {
  const channelId = parseId(c.req.query('channelId'));
  if (!channelId) return fail(c, 400, 'validation_failed', 'Please check channelId.');
  const rawSeen = c.req.query('lastBoardId');
  const seen = rawSeen ? parseId(rawSeen) : 0;
  if (seen === null) return fail(c, 400, 'validation_failed', 'Please check lastBoardId.');
  const { db } = c.get('deps').database;
  const [latest] = await db
    .select({ id: boardPosts.id, createdAt: boardPosts.createdAt })
    .from(boardPosts)
    .where(and(eq(boardPosts.channelId, channelId), isNull(boardPosts.deletedAt)))
    .orderBy(desc(boardPosts.id))
    .limit(1);
  return c.json({ channelId, hasNew: !!latest && latest.id > seen, latestBoardId: latest?.id ?? null, latestAt: latest?.createdAt ?? null });
});
