/**
 * Private messages, members only, mounted at /api/my and /v2/api/my. A member only ever sees,
 * reads, deletes or reports messages they sent or received; others' ids answer 404.
 * `POST|GET /messages`, `GET /messages/unread-count`, `POST /messages/delete {msgIds}`,
 * `POST /messages/alldelete {division}`, `GET /messages/isblock?loginId`,
 * `POST /messages/declaration/{id}`, `POST /messages-read/{id}`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/messages.ts';
import { MESSAGE_DELETE_BATCH_MAX, PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { targetLoginIdSchema } from '../../domain/schemas/free-text.ts';
import {
  MESSAGE_DIVISIONS,
  messageDivisionBody,
  messageReportBody,
  messageSendBody,
} from '../../domain/schemas/messages.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, ids, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import {
  blockCheck,
  deleteDivision,
  deleteMessages,
  boxPage,
  readMessage,
  reportMessage,
  sendMessage,
  unreadCount,
} from './messages.ts';

/** A malformed id names no message: 404, as someone else's. */
const malformedIsMissing = { invalid: 'not_found' } as const;
const missingMessage = { messageKey: 'error_not_found_message' };

const listQuery = v.object({
  division: v.optional(v.picklist(MESSAGE_DIVISIONS), 'receive'),
  ...paging(PAGE_LIMIT_DEFAULT),
});
const deleteBody = v.object({
  msgIds: v.pipe(v.array(idNumber), v.minLength(1), v.maxLength(MESSAGE_DELETE_BATCH_MAX)),
});

export const messageRoutes = new Hono<ApiEnv>()
  .post(
    '/messages',
    doc({
      tag: 'messages',
      summary: 'Sends a private message',
      responses: { 201: { description: '{ msgId }', schema: answer.messageSent } },
      errors: ['target_not_found', 'message_blocked'],
    }),
    requireMember(),
    body(messageSendBody),
    async (c) => {
      const sent = await sendMessage(c.get('deps').database.db, me(c).id, c.req.valid('json'));
      if (sent.ok) return c.json({ msgId: sent.msgId } satisfies answer.MessageSent, 201);
      if (sent.code === 'to_self')
        return fail(c, 'validation_failed', {
          messageKey: 'error_validation_failed_message_self',
          fields: { field: 'loginId' },
        });
      return fail(c, sent.code);
    },
  )
  .get(
    '/messages',
    doc({
      tag: 'messages',
      summary: 'The inbox (division=receive, hiding blocked senders) or the sent box, newest first',
      responses: {
        200: { description: '{ list: [message], total, unread, division, offset, limit }', schema: answer.messageBox },
      },
    }),
    requireMember(),
    query(listQuery),
    async (c) => {
      const { division, ...page } = c.req.valid('query');
      const box = await boxPage(c.get('deps').database.db, me(c).id, division, page);
      return c.json(box satisfies answer.MessageBox);
    },
  )
  .get(
    '/messages/unread-count',
    doc({
      tag: 'messages',
      summary: 'Unread messages in the inbox (the header badge)',
      responses: { 200: { description: '{ unread }', schema: answer.unreadCount } },
    }),
    requireMember(),
    async (c) => {
      const unread = await unreadCount(c.get('deps').database.db, me(c).id);
      return c.json({ unread } satisfies answer.UnreadCount);
    },
  )
  .post(
    '/messages-read/:id',
    doc({
      tag: 'messages',
      summary: "Opens a message; the recipient's first read marks it read",
      responses: { 200: { description: 'The message', schema: answer.message } },
      errors: ['not_found'],
    }),
    requireMember(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const read = await readMessage(c.get('deps').database.db, me(c).id, c.req.valid('param').id);
      return read.ok ? c.json(read.message satisfies answer.Message) : fail(c, read.code, missingMessage);
    },
  )
  .post(
    '/messages/delete',
    doc({
      tag: 'messages',
      summary: "Deletes messages on the caller's side only; nothing is deleted unless every id is the caller's",
      responses: { 200: { description: '{ deleted }', schema: answer.messagesDeleted } },
      errors: ['not_found'],
    }),
    requireMember(),
    body(deleteBody),
    async (c) => {
      const done = await deleteMessages(c.get('deps').database.db, me(c).id, c.req.valid('json').msgIds);
      if (!done.ok) return fail(c, done.code, missingMessage);
      return c.json({ deleted: done.deleted } satisfies answer.MessagesDeleted);
    },
  )
  .post(
    '/messages/alldelete',
    doc({
      tag: 'messages',
      summary: "Deletes a whole division on the caller's side",
      responses: { 200: { description: '{ deleted, division }', schema: answer.messagesDeleted } },
    }),
    requireMember(),
    body(messageDivisionBody),
    async (c) => {
      const { division } = c.req.valid('json');
      const deleted = await deleteDivision(c.get('deps').database.db, me(c).id, division);
      return c.json({ deleted, division } satisfies answer.MessagesDeleted);
    },
  )
  .get(
    '/messages/isblock',
    doc({
      tag: 'messages',
      summary: 'isBlock: the caller has blocked loginId; canSend: loginId accepts the caller’s messages',
      responses: { 200: { description: '{ loginId, isBlock, canSend }', schema: answer.messageBlockCheck } },
      errors: ['target_not_found'],
    }),
    requireMember(),
    query(v.object({ loginId: targetLoginIdSchema })),
    async (c) => {
      const found = await blockCheck(c.get('deps').database.db, me(c).id, c.req.valid('query').loginId);
      return found.ok ? c.json(found.check satisfies answer.MessageBlockCheck) : fail(c, found.code);
    },
  )
  .post(
    '/messages/declaration/:id',
    doc({
      tag: 'messages',
      summary: 'Reports a received message (once)',
      responses: { 201: { description: '{ msgId, reported: true }', schema: answer.messageReported } },
      errors: ['not_found', 'already_reported'],
    }),
    requireMember(),
    params(ids('id'), malformedIsMissing),
    body(messageReportBody),
    async (c) => {
      const { db } = c.get('deps').database;
      const reported = await reportMessage(db, me(c).id, c.req.valid('param').id, c.req.valid('json').reason);
      if (reported.ok) return c.json({ msgId: reported.msgId, reported: true } satisfies answer.MessageReported, 201);
      return reported.code === 'not_found' ? fail(c, 'not_found', missingMessage) : fail(c, reported.code);
    },
  );
