/** Service notices and developer notices of customer service: read by anyone, published by operators. */
import { count, desc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { CsNotice, CsNoticeMade, CsPage } from '../../domain/answers/cs.ts';
import type { csNoticeBody } from '../../domain/schemas/notices.ts';
import type { Db } from '../db/client.ts';
import { csNotices } from '../db/schema/index.ts';

type Kind = CsNoticeMade['kind'];

/** A page of the notices of one kind, newest first. */
export async function listNotices(
  db: Db,
  kind: Kind,
  page: { offset: number; limit: number },
): Promise<CsPage<CsNotice>> {
  const rows = await db
    .select()
    .from(csNotices)
    .where(eq(csNotices.kind, kind))
    .orderBy(desc(csNotices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(csNotices).where(eq(csNotices.kind, kind));
  const list = rows.map((r) => ({
    noticeId: r.id,
    title: r.title,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, ...page };
}

export async function publishNotice(db: Db, input: v.InferOutput<typeof csNoticeBody>): Promise<CsNoticeMade> {
  const [row] = await db.insert(csNotices).values(input).returning({ id: csNotices.id });
  return { noticeId: row!.id, kind: input.kind };
}
