/**
 * Channel boards under /api/cs: list, detail, write and update (multipart with up to 3 images),
 * delete (author or channel owner), the owner's important toggle and board settings.
 * Reading is public; writing needs a member; owner-only actions answer 403 to everyone else.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { attachments, boardComments, boardLikes, boardPosts, members } from '../../db/schema/index.ts';
import { UPLOAD_FILES_PER_POST_MAX } from '../../storage/limits.ts';
import { UPLOAD_ERRORS } from '../../storage/upload.ts';
import { BOARD_CATEGORIES, OWNER_ONLY_CATEGORY, boardSetting, channelOwner, livePost } from './boards-access.ts';
import { attachRows, attachmentsOf, checkFiles, storeFiles } from './cs-attachments.ts';
import {
  badPaging,
  fail,
  forbidden,
  me,
  notFound,
  paging,
  parseId,
  readMultipart,
  storageOf,
  textField,
  uploadBodyLimit,
  validate,
  type Ctx,
} from './cs-http.ts';
import { optionalMember, requireMember } from '../session.ts';

const postFields = { category: v.picklist(BOARD_CATEGORIES), title: textField(100), content: textField(10000) };
const writeSchema = v.object({ channelId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), ...postFields });
const updateSchema = v.object({ boardId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), ...postFields });

const likeCount = sql<number>`(select count(*)::int from ${boardLikes} where ${boardLikes.boardId} = ${boardPosts.id})`;
const commentCount = sql<number>`(select count(*)::int from ${boardComments} where ${boardComments.boardId} = ${boardPosts.id})`;

export const boardRoutes = new Hono<ApiEnv>();

boardRoutes.get('/board-list', async (c) => {
  const page = paging(c);
  const channelId = parseId(c.req.query('channelId'));
  if (!page) return badPaging(c);
  if (!channelId) return fail(c, 400, 'validation_failed', 'Please check channelId.');
  const category = c.req.query('category');
  if (category && !(BOARD_CATEGORIES as readonly string[]).includes(category)) return fail(c, 400, 'validation_failed', 'Please check category.');
  const { db } = c.get('deps').database;
  const where = and(eq(boardPosts.channelId, channelId), isNull(boardPosts.deletedAt), category ? eq(boardPosts.category, category) : undefined);
  const rows = await db
    .select({ post: boardPosts, loginId: members.loginId, nickname: members.nickname, likes: likeCount, comments: commentCount })
    .from(boardPosts)
    .innerJoin(members, eq(members.id, boardPosts.authorId))
    .where(where)
    .orderBy(desc(boardPosts.important), desc(boardPosts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(boardPosts).where(where);
  const list = rows.map((r) => ({
    boardId: r.post.id,
    channelId: r.post.channelId,
    category: r.post.category,
    title: r.post.title,
    important: r.post.important,
    likes: r.likes,
    comments: r.comments,
    author: { loginId: r.loginId, nickname: r.nickname },
    createdAt: r.post.createdAt,
  }));
  return c.json({ list, total: total?.n ?? 0, ...page });
});

async function detail(c: Ctx, rawId: string | undefined) {
  const boardId = parseId(rawId);
  const { db } = c.get('deps').database;
  const post = boardId ? await livePost(db, boardId) : null;
  if (!post) return notFound(c, 'post');
  const [author] = await db.select({ loginId: members.loginId, nickname: members.nickname }).from(members).where(eq(members.id, post.authorId));
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, post.id));
  const viewer = c.get('member');
  const [liked] = viewer
    ? await db
        .select({ n: count() })
        .from(boardLikes)
        .where(and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, viewer.id)))
    : [];
  const files = await attachmentsOf(db, 'board', [post.id]);
  return c.json({
    boardId: post.id,
    channelId: post.channelId,
    category: post.category,
    title: post.title,
    content: post.content,
    important: post.important,
    likes: likes?.n ?? 0,
    liked: (liked?.n ?? 0) > 0,
    author,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    attachments: files.get(post.id) ?? [],
    canEdit: viewer?.id === post.authorId,
    canDelete: viewer?.id === post.authorId || viewer?.id === post.channelOwnerId,
    isOwner: viewer?.id === post.channelOwnerId,
  });
}

boardRoutes.get('/board-detail', optionalMember(), (c) => detail(c, c.req.query('boardId')));
boardRoutes.get('/board-detail/:id', optionalMember(), (c) => detail(c, c.req.param('id')));

boardRoutes.post('/board-write', requireMember(), uploadBodyLimit(), async (c) => {
  const form = await readMultipart(c);
  if (!form.ok) return form.res;
  const input = validate(c, writeSchema, form.fields);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const ownerId = await channelOwner(db, input.data.channelId);
  if (ownerId === null) return notFound(c, 'channel');
  const isOwner = ownerId === me(c).id;
  const setting = await boardSetting(db, input.data.channelId);
  if (!isOwner && (setting.writePermission === 'owner' || input.data.category === OWNER_ONLY_CATEGORY))
    return forbidden(c, 'Only the channel owner can post here.');
  const files = await checkFiles(c, form.files);
  if (!files.ok) return files.res;
  const { stored, discard } = await storeFiles(storageOf(c), files.checked);
  try {
    const boardId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(boardPosts)
        .values({ ...input.data, authorId: me(c).id })
        .returning({ id: boardPosts.id });
      await attachRows(tx, 'board', row!.id, me(c).id, stored);
      return row!.id;
    });
    return c.json({ boardId }, 201);
  } catch (err) {
    await discard();
    throw err;
  }
});

boardRoutes.put('/board-update', requireMember(), uploadBodyLimit(), async (c) => {
  const form = await readMultipart(c);
  if (!form.ok) return form.res;
  const input = validate(c, updateSchema, form.fields);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const post = await livePost(db, input.data.boardId);
  if (!post) return notFound(c, 'post');
  if (post.authorId !== me(c).id) return forbidden(c, 'Only the author can edit this post.');
  if (input.data.category === OWNER_ONLY_CATEGORY && post.channelOwnerId !== me(c).id) return forbidden(c, 'Only the channel owner can post here.');
  const files = await checkFiles(c, form.files);
  if (!files.ok) return files.res;
  const { stored, discard } = await storeFiles(storageOf(c), files.checked);
  try {
    const fits = await db.transaction(async (tx) => {
      const { boardId, ...fields } = input.data;
      // The post row is locked first, so two edits at once cannot both fit under the file cap.
      await tx.select({ id: boardPosts.id }).from(boardPosts).where(eq(boardPosts.id, boardId)).for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(attachments)
        .where(and(eq(attachments.ownerKind, 'board'), eq(attachments.ownerRecordId, boardId)));
      if ((held?.n ?? 0) + stored.length > UPLOAD_FILES_PER_POST_MAX) return false;
      await tx
        .update(boardPosts)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(boardPosts.id, boardId));
      await attachRows(tx, 'board', boardId, me(c).id, stored);
      return true;
    });
    if (!fits) {
      await discard();
      return c.json({ error: UPLOAD_ERRORS.too_many_files.code, error_msg: UPLOAD_ERRORS.too_many_files.message }, 400);
    }
    return c.json({ boardId: post.id });
  } catch (err) {
    await discard();
    throw err;
  }
});

boardRoutes.delete('/board-delete/:id', requireMember(), async (c) => {
  const boardId = parseId(c.req.param('id'));
  const { db } = c.get('deps').database;
  const post = boardId ? await livePost(db, boardId) : null;
  if (!post) return notFound(c, 'post');
  if (post.authorId !== me(c).id && post.channelOwnerId !== me(c).id) return forbidden(c, 'Only the author or the channel owner can delete this post.');
  await db.update(boardPosts).set({ deletedAt: new Date() }).where(eq(boardPosts.id, post.id));
  return c.json({ deleted: post.id });
});

boardRoutes.put('/board-important/:channelId/:boardId', requireMember(), async (c) => {
  const channelId = parseId(c.req.param('channelId'));
  const boardId = parseId(c.req.param('boardId'));
  const { db } = c.get('deps').database;
  const ownerId = channelId ? await channelOwner(db, channelId) : null;
  if (ownerId === null) return notFound(c, 'channel');
  if (ownerId !== me(c).id) return forbidden(c, 'Only the channel owner can mark posts as important.');
  const post = boardId ? await livePost(db, boardId) : null;
  if (!post || post.channelId !== channelId) return notFound(c, 'post');
  // An explicit { important } sets the flag; an empty body toggles it.
  let wanted = !post.important;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('json')) {
    const body = (await c.req.json().catch(() => null)) as { important?: unknown } | null;
    if (body && typeof body.important === 'boolean') wanted = body.important;
  }
  await db.update(boardPosts).set({ important: wanted }).where(eq(boardPosts.id, post.id));
  return c.json({ boardId: post.id, channelId, important: wanted });
});
