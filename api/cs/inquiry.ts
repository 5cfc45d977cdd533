/**
 * Customer-service inquiries: each member sees and deletes only their own (with their image
 * attachments); operators answer any inquiry that is not deleted.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Inquiry, InquiryPage } from '../../domain/answers/cs.ts';
import type { inquiryForm } from '../../domain/schemas/inquiries.ts';
import type { Db } from '../db/client.ts';
import { inquiries } from '../db/schema/index.ts';
import type { CheckedUpload } from '../storage/upload.ts';
import { attachmentsOf, saveWithFiles, type FileSaving } from '../attachments/attachments.ts';

/** A page of the member's inquiries, newest first, with their answers and attachments. */
export async function listInquiries(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number },
): Promise<InquiryPage> {
  const mine = and(eq(inquiries.memberId, memberId), isNull(inquiries.deletedAt));
  const rows = await db
    .select()
    .from(inquiries)
    .where(mine)
    .orderBy(desc(inquiries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(inquiries).where(mine);
  const files = await attachmentsOf(
    db,
    'inquiry',
    rows.map((r) => r.id),
  );
  const list = rows.map(
    (r): Inquiry => ({
      inquiryId: r.id,
      category: r.category,
      title: r.title,
      content: r.content,
      status: r.answer ? 'answered' : 'waiting',
      answer: r.answer,
      answeredAt: r.answeredAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      attachments: files.get(r.id) ?? [],
    }),
  );
  return { list, total: total?.n ?? 0, ...page };
}

/** Saves the member's inquiry with its checked files; the new inquiry's id. */
export async function sendInquiry(
  saving: FileSaving,
  input: v.InferOutput<typeof inquiryForm>,
  files: CheckedUpload[],
): Promise<number> {
  return saveWithFiles(saving, 'inquiry', files, async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({ memberId: saving.memberId, ...input })
      .returning({ id: inquiries.id });
    return row!.id;
  });
}

/** Deletes one of the member's inquiries; false when they have no such inquiry. */
export async function deleteInquiry(db: Db, memberId: number, inquiryId: number): Promise<boolean> {
  const done = await db
    .update(inquiries)
    .set({ deletedAt: new Date() })
    .where(and(eq(inquiries.id, inquiryId), eq(inquiries.memberId, memberId), isNull(inquiries.deletedAt)))
    .returning({ id: inquiries.id });
  return done.length > 0;
}

/** Answers an inquiry (operators); false when there is no such inquiry. */
export async function answerInquiry(db: Db, inquiryId: number, answer: string): Promise<boolean> {
  const done = await db
    .update(inquiries)
    .set({ answer, answeredAt: new Date() })
    .where(and(eq(inquiries.id, inquiryId), isNull(inquiries.deletedAt)))
    .returning({ id: inquiries.id });
  return done.length > 0;
}
