/**
 * Channel notices under /api/my/channel/notice: `GET ?channelId` is public; `POST`, `PUT /{id}` and
 * `DELETE /{id}` belong to the channel owner (403 for anyone else, 404 for an id that is not theirs).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  channelNoticeDeleted,
  channelNoticeMade,
  channelNoticePage,
  channelNoticeSaved,
  type ChannelNoticeDeleted,
  type ChannelNoticeMade,
  type ChannelNoticePage,
  type ChannelNoticeSaved,
} from '../../domain/answers/channel-tools.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { channelNoticeBody } from '../../domain/schemas/channel.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, idText, paging, params, query } from '../http/request.ts';
import { requireMember } from '../http/session.ts';
import { channelNoticesOf, deleteChannelNotice, editChannelNotice, postChannelNotice } from './channel-notice.ts';
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
      responses: {
        200: {
          description:
            '{ list: [{ noticeId, channelId, title, content, createdAt, updatedAt }], total, offset, limit }',
          schema: channelNoticePage,
        },
      },
    }),
    query(v.object({ channelId: idText, ...paging(PAGE_LIMIT_DEFAULT) })),
    async (c) => {
      const { channelId, ...page } = c.req.valid('query');
      const { list, total } = await channelNoticesOf(c.get('deps').database.db, channelId, page);
      return c.json({ list, total, ...page } satisfies ChannelNoticePage);
    },
  )
  .post(
    '/',
    doc({
      tag: 'my',
      summary: "Posts a notice on the owner's channel",
      responses: { 201: { description: '{ noticeId, channelId }', schema: channelNoticeMade } },
    }),
    requireMember(),
    requireChannelOwner(),
    body(channelNoticeBody),
    async (c) => {
      const channelId = ownChannel(c);
      const noticeId = await postChannelNotice(c.get('deps').database.db, channelId, c.req.valid('json'));
      return c.json({ noticeId, channelId } satisfies ChannelNoticeMade, 201);
    },
  )
  .put(
    '/:id',
    doc({
      tag: 'my',
      summary: "Edits a notice of the owner's channel",
      responses: { 200: { description: '{ noticeId, channelId, title, content }', schema: channelNoticeSaved } },
      errors: ['not_found'],
    }),
    requireMember(),
    requireChannelOwner(),
    params(ids('id'), malformedIsMissing),
    body(channelNoticeBody),
    async (c) => {
      const channelId = ownChannel(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const edited = await editChannelNotice(c.get('deps').database.db, channelId, id, input);
      return edited
        ? c.json({ noticeId: id, channelId, ...input } satisfies ChannelNoticeSaved)
        : fail(c, 'not_found', missingNotice);
    },
  )
  .delete(
    '/:id',
    doc({
      tag: 'my',
      summary: "Deletes a notice of the owner's channel",
      responses: { 200: { description: '{ deleted }', schema: channelNoticeDeleted } },
      errors: ['not_found'],
    }),
    requireMember(),
    requireChannelOwner(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteChannelNotice(c.get('deps').database.db, ownChannel(c), id);
      return deleted ? c.json({ deleted: id } satisfies ChannelNoticeDeleted) : fail(c, 'not_found', missingNotice);
    },
  );
