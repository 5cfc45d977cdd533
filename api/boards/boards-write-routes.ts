/**
 * Writing and editing board posts under /api/cs (multipart, up to 3 images over all of a post's
 * edits): `POST /board-write` for members where the board's setting allows it (the notice
 * category is the channel owner's), `PUT /board-update` for the post's author.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/boards.ts';
import { boardPostFields } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { idText } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { checkUploads, FILE_CODES, upload } from '../http/uploads.ts';
import { refuseBoard } from './board-refusals.ts';
import { mayEditPost, mayWritePost, updatePost, writePost } from './boards-write.ts';

const writeForm = v.object({ channelId: idText, ...boardPostFields });
const updateForm = v.object({ boardId: idText, ...boardPostFields });

export const boardWriteRoutes = new Hono<ApiEnv>()
  .post(
    '/board-write',
    doc({
      tag: 'boards',
      summary: "Writes a post on a channel's board, with up to 3 images",
      description:
        'Refused with 403 when the owner keeps the board to themselves, and for the notice category to anyone but ' +
        'the owner.',
      responses: { 201: { description: '{ boardId }', schema: answer.boardSaved } },
      errors: ['not_found', 'forbidden', ...FILE_CODES],
    }),
    requireMember(),
    upload(writeForm),
    async (c) => {
      const { files, channelId, ...fields } = c.req.valid('form');
      const { db } = c.get('deps').database;
      const allowed = await mayWritePost(db, me(c).id, channelId, fields.category);
      if (!allowed.ok) return refuseBoard(c, allowed.code);
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const saving = { db, storage: c.get('deps').storage, memberId: me(c).id };
      const boardId = await writePost(saving, channelId, fields, checked.checked);
      return c.json({ boardId } satisfies answer.BoardSaved, 201);
    },
  )
  .put(
    '/board-update',
    doc({
      tag: 'boards',
      summary: 'Edits a post (its author) and adds images, up to 3 over all its edits',
      responses: { 200: { description: '{ boardId }', schema: answer.boardSaved } },
      errors: ['not_found', 'forbidden', ...FILE_CODES],
    }),
    requireMember(),
    upload(updateForm),
    async (c) => {
      const { files, boardId, ...fields } = c.req.valid('form');
      const { db } = c.get('deps').database;
      const allowed = await mayEditPost(db, me(c).id, boardId, fields.category);
      if (!allowed.ok) return refuseBoard(c, allowed.code);
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const saving = { db, storage: c.get('deps').storage, memberId: me(c).id };
      const saved = await updatePost(saving, boardId, fields, checked.checked);
      return saved.ok ? c.json({ boardId } satisfies answer.BoardSaved) : refuseBoard(c, saved.code);
    },
  );
