/** A channel's notices: the public page of them, and the owner's posts, edits and deletions. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { ChannelNoticeLine } from '../../domain/answers/channel-tools.ts';
import type { Db } from '../db/client.ts';
import { channelNotices } from '../db/schema/index.ts';

export interface NoticeText {
  title: string;
  content: string;
}

/** A page of `channelId`'s notices, newest first, and how many it has. */
export async function channelNoticesOf(
  db: Db,
  channelId: number,
  page: { offset: number; limit: number },
): Promise<{ list: ChannelNoticeLine[]; total: number }> {
  const rows = await db
    .select()
    .from(channelNotices)
    .where(eq(channelNotices.channelId, channelId))
    .orderBy(desc(channelNotices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(channelNotices).where(eq(channelNotices.channelId, channelId));
  const list = rows.map((n) => ({
    noticeId: n.id,
    channelId,
    title: n.title,
    content: n.content,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0 };
}

/** Posts a notice on `channelId`; its id. */
export async function postChannelNotice(db: Db, channelId: number, notice: NoticeText): Promise<number> {
  const [row] = await db
    .insert(channelNotices)
    .values({ channelId, ...notice })
    .returning({ id: channelNotices.id });
  return row!.id;
}

/** Edits notice `id` of `channelId`; false when the channel has no such notice. */
export async function editChannelNotice(db: Db, channelId: number, id: number, notice: NoticeText): Promise<boolean> {
  const done = await db
    .update(channelNotices)
    .set({ ...notice, updatedAt: new Date() })
    .where(and(eq(channelNotices.id, id), eq(channelNotices.channelId, channelId)))
    .returning({ id: channelNotices.id });
  return done.length > 0;
}

/** Deletes notice `id` of `channelId`; false when the channel has no such notice. */
export async function deleteChannelNotice(db: Db, channelId: number, id: number): Promise<boolean> {
  const done = await db
    .delete(channelNotices)
    .where(and(eq(channelNotices.id, id), eq(channelNotices.channelId, channelId)))
    .returning({ id: channelNotices.id });
  return done.length > 0;
}
