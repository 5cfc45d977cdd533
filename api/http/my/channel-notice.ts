/**
 * Channel notices under /api/my/channel/notice: `GET ?channelId` is public; `POST`, `PUT /{id}` and
 * `DELETE /{id}` belong to the channel owner (403 for anyone else, 404 for an id that is not theirs).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { channelNotices } from '../../db/schema/index.ts';
import { ownChannelId } from '../cs/boards-access.ts';
import { badPaging, fail, me, notFound, paging, parseId, readInput, textField } from '../cs/cs-http.ts';
import { requireMember } from '../session.ts';

const noticeSchema = v.object({ title: textField(100), content: textField(2000) });

export const channelNoticeRoutes = new Hono<ApiEnv>();

channelNoticeRoutes.get('/', async (c) => {
  const page = paging(c);
  if (!page) return badPaging(c);
  const channelId = parseId(c.req.query('channelId'));
  if (!channelId) return fail(c, 400, 'validation_failed', 'Please check channelId.');
  const { db } = c.get('deps').database;
  const rows = await db
    .select()
    .from(channelNotices)
    .where(eq(channelNotices.channelId, channelId))
    .orderBy(desc(channelNotices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(channelNotices).where(eq(channelNotices.channelId, channelId));
  const list = rows.map((n) => ({ noticeId: n.id, channelId, title: n.title, content: n.content, createdAt: n.createdAt, updatedAt: n.updatedAt }));
  return c.json({ list, total: total?.n ?? 0, ...page });
});

channelNoticeRoutes.post('/', requireMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = await ownChannelId(db, me(c).id);
  if (!channelId) return fail(c, 403, 'not_channel_owner', 'Only a channel owner can post channel notices.');
  const input = await readInput(c, noticeSchema);
  if (!input.ok) return input.res;
  const [row] = await db
    .insert(channelNotices)
    .values({ channelId, ...input.data })
    .returning({ id: channelNotices.id });
  return c.json({ noticeId: row!.id, channelId }, 201);
});

channelNoticeRoutes.put('/:id', requireMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = await ownChannelId(db, me(c).id);
  if (!channelId) return fail(c, 403, 'not_channel_owner', 'Only a channel owner can edit channel notices.');
  const input = await readInput(c, noticeSchema);
  if (!input.ok) return input.res;
  const id = parseId(c.req.param('id'));
  const done = id
    ? await db
        .update(channelNotices)
        .set({ ...input.data, updatedAt: new Date() })
        .where(and(eq(channelNotices.id, id), eq(channelNotices.channelId, channelId)))
        .returning({ id: channelNotices.id })
    : [];
  return done.length ? c.json({ noticeId: id, channelId, ...input.data }) : notFound(c, 'notice');
});

channelNoticeRoutes.delete('/:id', requireMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = await ownChannelId(db, me(c).id);
  if (!channelId) return fail(c, 403, 'not_channel_owner', 'Only a channel owner can delete channel notices.');
  const id = parseId(c.req.param('id'));
  const done = id
    ? await db
        .delete(channelNotices)
        .where(and(eq(channelNotices.id, id), eq(channelNotices.channelId, channelId)))
        .returning({ id: channelNotices.id })
    : [];
  return done.length ? c.json({ deleted: id }) : notFound(c, 'notice');
});
