/**
 * Writing and editing board posts under /api/cs (multipart, up to 3 images over all of a post's
 * edits): `POST /board-write` for members where the board's setting allows it (the notice
 * category is the channel owner's), `PUT /board-update` for the post's author.
 */
import { and, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BOARD_OWNER_ONLY_CATEGORY } from '../../domain/categories.ts';
import { boardPostFields } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { attachments, boardPosts } from '../db/schema/index.ts';
import { UPLOAD_FILES_PER_POST_MAX } from '../storage/limits.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { idText } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { checkUploads, FILE_CODES, upload } from '../http/uploads.ts';
import { boardSetting, channelOwner, livePost } from './boards-access.ts';
import { saveWithFiles } from '../attachments/attachments.ts';

const writeForm = v.object({ channelId: idText, ...boardPostFields });
const updateForm = v.object({ boardId: idText, ...boardPostFields });

export const boardWriteRoutes = new Hono<ApiEnv>()
  .post(
    '/board-write',
    doc({
      tag: 'boards',
      summary: "Writes a post on a channel's board, with up to 3 images",
      description: 'Refused with 403 when the owner keeps the board to themselves, and for the notice category to anyone but the owner.',
      responses: { 201: '{ boardId }' },
      errors: ['not_found', 'forbidden', ...FILE_CODES],
    }),
    requireMember(),
    upload(writeForm),
    async (c) => {
      const { files, ...input } = c.req.valid('form');
      const { db } = c.get('deps').database;
      const ownerId = await channelOwner(db, input.channelId);
      if (ownerId === null) return fail(c, 'not_found', { messageKey: 'error_not_found_channel' });
      const isOwner = ownerId === me(c).id;
      const setting = await boardSetting(db, input.channelId);
      if (!isOwner && (setting.writePermission === 'owner' || input.category === BOARD_OWNER_ONLY_CATEGORY))
        return fail(c, 'forbidden', { messageKey: 'error_forbidden_board_owner_only' });
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const boardId = await saveWithFiles(c, 'board', checked.checked, async (tx) => {
        const [row] = await tx
          .insert(boardPosts)
          .values({ ...input, authorId: me(c).id })
          .returning({ id: boardPosts.id });
        return row!.id;
      });
      return c.json({ boardId }, 201);
    },
  )
  .put(
    '/board-update',
    doc({
      tag: 'boards',
      summary: 'Edits a post (its author) and adds images, up to 3 over all its edits',
      responses: { 200: '{ boardId }' },
      errors: ['not_found', 'forbidden', ...FILE_CODES],
    }),
    requireMember(),
    upload(updateForm),
    async (c) => {
      const { files, boardId, ...fields } = c.req.valid('form');
      const { db } = c.get('deps').database;
      const post = await livePost(db, boardId);
      if (!post) return fail(c, 'not_found', { messageKey: 'error_not_found_post' });
      if (post.authorId !== me(c).id) return fail(c, 'forbidden', { messageKey: 'error_forbidden_board_edit' });
      if (fields.category === BOARD_OWNER_ONLY_CATEGORY && post.channelOwnerId !== me(c).id)
        return fail(c, 'forbidden', { messageKey: 'error_forbidden_board_owner_only' });
      const checked = await checkUploads(files);
      if (!checked.ok) return fail(c, checked.code);
      const saved = await saveWithFiles(c, 'board', checked.checked, async (tx) => {
        // The post row is locked first, so two edits at once cannot both fit under the file cap.
        await tx.select({ id: boardPosts.id }).from(boardPosts).where(eq(boardPosts.id, boardId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(attachments)
          .where(and(eq(attachments.ownerKind, 'board'), eq(attachments.ownerRecordId, boardId)));
        if ((held?.n ?? 0) + checked.checked.length > UPLOAD_FILES_PER_POST_MAX) return null;
        await tx
          .update(boardPosts)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(boardPosts.id, boardId));
        return boardId;
      });
      return saved === null ? fail(c, 'too_many_files') : c.json({ boardId });
    },
  );
