/**
 * Reports (declarations) of a member, with up to 3 images as evidence: each member sees and
 * deletes only their own, and cannot report themselves. Refusals are result codes.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { DeclarationPage } from '../../domain/answers/cs.ts';
import type { declarationForm } from '../../domain/schemas/declarations.ts';
import type { Db } from '../db/client.ts';
import { declarations, members } from '../db/schema/index.ts';
import type { CheckedUpload } from '../storage/upload.ts';
import { attachmentsOf, saveWithFiles, type FileSaving } from '../attachments/attachments.ts';

/** A page of the member's reports, newest first, with their evidence files. */
export async function listDeclarations(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number },
): Promise<DeclarationPage> {
  const mine = and(eq(declarations.reporterId, memberId), isNull(declarations.deletedAt));
  const rows = await db
    .select()
    .from(declarations)
    .where(mine)
    .orderBy(desc(declarations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(declarations).where(mine);
  const files = await attachmentsOf(
    db,
    'declaration',
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => ({
    declarationId: r.id,
    category: r.category,
    targetLoginId: r.targetLoginId,
    content: r.content,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    attachments: files.get(r.id) ?? [],
  }));
  return { list, total: total?.n ?? 0, ...page };
}

/** Whether the member may report `targetLoginId`: an existing member other than themselves. */
export async function mayReport(
  db: Db,
  memberId: number,
  targetLoginId: string,
): Promise<{ ok: true } | { ok: false; code: 'target_not_found' | 'to_self' }> {
  const [target] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, targetLoginId));
  if (!target) return { ok: false, code: 'target_not_found' };
  if (target.id === memberId) return { ok: false, code: 'to_self' };
  return { ok: true };
}

/** Saves the member's report with its checked evidence files; the new report's id. */
export async function sendDeclaration(
  saving: FileSaving,
  input: v.InferOutput<typeof declarationForm>,
  files: CheckedUpload[],
): Promise<number> {
  return saveWithFiles(saving, 'declaration', files, async (tx) => {
    const [row] = await tx
      .insert(declarations)
      .values({ reporterId: saving.memberId, ...input })
      .returning({ id: declarations.id });
    return row!.id;
  });
}

/** Deletes one of the member's reports; false when they have no such report. */
export async function deleteDeclaration(db: Db, memberId: number, declarationId: number): Promise<boolean> {
  const done = await db
    .update(declarations)
    .set({ deletedAt: new Date() })
    .where(
      and(eq(declarations.id, declarationId), eq(declarations.reporterId, memberId), isNull(declarations.deletedAt)),
    )
    .returning({ id: declarations.id });
  return done.length > 0;
}
