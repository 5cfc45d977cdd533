/**
 * Channel notices under /api/my/channel/notice: `GET ?channelId` is public; `POST`, `PUT /{id}` and
 * `DELETE /{id}` belong to the channel owner (403 for anyone else, 404 for an id that is not theirs).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { channelNoticeBody } from '../../domain/schemas/channel.ts';
import type { ApiEnv } from '../app-env.ts';
import { channelNotices } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, idText, paging, params, query } from '../http/request.ts';
import { requireMember } from '../http/session.ts';
import { ownChannel, requireChannelOwner } from './channel-tools-state.ts';

/** A malformed id names no notice: 404, as someone else's. */
const malformedIsMissing = { invalid: 'not_found' } as const;
const missingNotice = { messageKey: 'error_not_found_notice' };

export const channelNoticeRoutes = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'my',
      summary: "A channel's notices, newest first (public: the channel page shows them)",
      responses: { 200: '{ list: [{ noticeId, channelId, title, content, createdAt, updatedAt }], total, offset, limit }' },
    }),
    query(v.object({ channelId: idText, ...paging(PAGE_LIMIT_DEFAULT) })),
    async (c) => {
      const { channelId, ...page } = c.req.valid('query');
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
    },
  )
  .post(
    '/',
    doc({ tag: 'my', summary: "Posts a notice on the owner's channel", responses: { 201: '{ noticeId, channelId }' } }),
    requireMember(),
    requireChannelOwner(),
    body(channelNoticeBody),
    async (c) => {
      const channelId = ownChannel(c);
      const [row] = await c
        .get('deps')
        .database.db.insert(channelNotices)
        .values({ channelId, ...c.req.valid('json') })
        .returning({ id: channelNotices.id });
      return c.json({ noticeId: row!.id, channelId }, 201);
    },
  )
  .put(
    '/:id',
    doc({ tag: 'my', summary: "Edits a notice of the owner's channel", responses: { 200: '{ noticeId, channelId, title, content }' }, errors: ['not_found'] }),
    requireMember(),
    requireChannelOwner(),
    params(ids('id'), malformedIsMissing),
    body(channelNoticeBody),
    async (c) => {
      const channelId = ownChannel(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const done = await c
        .get('deps')
        .database.db.update(channelNotices)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(channelNotices.id, id), eq(channelNotices.channelId, channelId)))
        .returning({ id: channelNotices.id });
      return done.length ? c.json({ noticeId: id, channelId, ...input }) : fail(c, 'not_found', missingNotice);
    },
  )
  .delete(
    '/:id',
    doc({ tag: 'my', summary: "Deletes a notice of the owner's channel", responses: { 200: '{ deleted }' }, errors: ['not_found'] }),
    requireMember(),
    requireChannelOwner(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const { id } = c.req.valid('param');
      const done = await c
        .get('deps')
        .database.db.delete(channelNotices)
        .where(and(eq(channelNotices.id, id), eq(channelNotices.channelId, ownChannel(c))))
        .returning({ id: channelNotices.id });
      return done.length ? c.json({ deleted: id }) : fail(c, 'not_found', missingNotice);
    },
  );
