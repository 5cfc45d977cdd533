/**
 * Writing and editing board posts, with up to UPLOAD_FILES_PER_POST_MAX images over all of a
 * post's edits: members write where the board's setting allows it (the notice category is the
 * channel owner's), the author edits. Refusals are result codes (board-refusals.ts answers them).
 */
import { and, count, eq } from 'drizzle-orm';
import { BOARD_OWNER_ONLY_CATEGORY, type BoardCategory } from '../../domain/categories.ts';
import type { Db } from '../db/client.ts';
import { attachments, boardPosts } from '../db/schema/index.ts';
import { UPLOAD_FILES_PER_POST_MAX } from '../storage/limits.ts';
import type { CheckedUpload } from '../storage/upload.ts';
import { saveWithFiles, type FileSaving } from '../attachments/attachments.ts';
import { boardSetting, channelOwner, livePost } from './boards-access.ts';

export interface PostFields {
  category: BoardCategory;
  title: string;
  content: string;
}

/** Whether `memberId` may write a post in `category` on the channel's board. */
export async function mayWritePost(
  db: Db,
  memberId: number,
  channelId: number,
  category: BoardCategory,
): Promise<{ ok: true } | { ok: false; code: 'channel_not_found' | 'owner_only' }> {
  const ownerId = await channelOwner(db, channelId);
  if (ownerId === null) return { ok: false, code: 'channel_not_found' };
  const isOwner = ownerId === memberId;
  const setting = await boardSetting(db, channelId);
  if (!isOwner && (setting.writePermission === 'owner' || category === BOARD_OWNER_ONLY_CATEGORY))
    return { ok: false, code: 'owner_only' };
  return { ok: true };
}

/** Writes the post with its checked files; the new post's id. */
export async function writePost(saving: FileSaving, channelId: number, fields: PostFields, files: CheckedUpload[]) {
  return saveWithFiles(saving, 'board', files, async (tx) => {
    const [row] = await tx
      .insert(boardPosts)
      .values({ channelId, ...fields, authorId: saving.memberId })
      .returning({ id: boardPosts.id });
    return row!.id;
  });
}

/** Whether `memberId` may edit the live post `boardId` into `category`. */
export async function mayEditPost(
  db: Db,
  memberId: number,
  boardId: number,
  category: BoardCategory,
): Promise<{ ok: true } | { ok: false; code: 'post_not_found' | 'edit_forbidden' | 'owner_only' }> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  if (post.authorId !== memberId) return { ok: false, code: 'edit_forbidden' };
  if (category === BOARD_OWNER_ONLY_CATEGORY && post.channelOwnerId !== memberId) {
    return { ok: false, code: 'owner_only' };
  }
  return { ok: true };
}

/** Saves the edit and adds the checked files, unless the post would hold more files than allowed. */
export async function updatePost(
  saving: FileSaving,
  boardId: number,
  fields: PostFields,
  files: CheckedUpload[],
): Promise<{ ok: true } | { ok: false; code: 'too_many_files' }> {
  const saved = await saveWithFiles(saving, 'board', files, async (tx) => {
    // The post row is locked first, so two edits at once cannot both fit under the file cap.
    await tx.select({ id: boardPosts.id }).from(boardPosts).where(eq(boardPosts.id, boardId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(attachments)
      .where(and(eq(attachments.ownerKind, 'board'), eq(attachments.ownerRecordId, boardId)));
    if ((held?.n ?? 0) + files.length > UPLOAD_FILES_PER_POST_MAX) return null;
    await tx
      .update(boardPosts)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(boardPosts.id, boardId));
    return boardId;
  });
  return saved === null ? { ok: false, code: 'too_many_files' } : { ok: true };
}
