/**
 * Attachments of inquiries, reports and board posts: checked in full before anything is written,
 * stored under generated names, downloadable only by whoever may see the record they belong to.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { attachments, boardPosts } from '../../db/schema/index.ts';
import { fileResponse } from '../../storage/serve.ts';
import { newStorageKey, type FileStorage } from '../../storage/storage.ts';
import { checkUpload, type CheckedUpload } from '../../storage/upload.ts';
import { optionalMember } from '../session.ts';
import { notFound, parseId, storageOf, type Ctx } from './cs-http.ts';

export type AttachmentKind = 'inquiry' | 'declaration' | 'board';

export interface AttachmentView {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/** All files checked, or the first refusal as a ready 4xx response. */
export async function checkFiles(c: Ctx, files: File[]): Promise<{ ok: true; checked: CheckedUpload[] } | { ok: false; res: Response }> {
  const checked: CheckedUpload[] = [];
  for (const file of files) {
    const res = await checkUpload(file);
    if (!res.ok) return { ok: false, res: c.json({ error: res.error.code, error_msg: res.error.message }, res.error.status) };
    checked.push(res.value);
  }
  return { ok: true, checked };
}

export interface StoredFile extends CheckedUpload {
  key: string;
}

/** Writes the files to storage; the caller inserts rows with attachRows() and calls discard() if that fails. */
export async function storeFiles(storage: FileStorage, checked: CheckedUpload[]): Promise<{ stored: StoredFile[]; discard: () => Promise<void> }> {
  const stored: StoredFile[] = [];
  const discard = async () => {
    await Promise.all(stored.map((f) => storage.delete(f.key).catch(() => undefined)));
  };
  try {
    for (const file of checked) {
      const key = newStorageKey(file.kind.ext);
      await storage.put(key, file.bytes);
      stored.push({ ...file, key });
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { stored, discard };
}

export async function attachRows(db: Db, kind: AttachmentKind, recordId: number, memberId: number, stored: StoredFile[]): Promise<void> {
  if (stored.length === 0) return;
  await db.insert(attachments).values(
    stored.map((f) => ({
      ownerKind: kind,
      ownerRecordId: recordId,
      memberId,
      storageKey: f.key,
      originalName: f.originalName,
      mime: f.kind.mime,
      size: f.bytes.byteLength,
    })),
  );
}

export async function attachmentsOf(db: Db, kind: AttachmentKind, recordIds: number[]): Promise<Map<number, AttachmentView[]>> {
  const map = new Map<number, AttachmentView[]>();
  if (recordIds.length === 0) return map;
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerKind, kind), inArray(attachments.ownerRecordId, recordIds)))
    .orderBy(attachments.id);
  for (const row of rows) {
    const list = map.get(row.ownerRecordId) ?? [];
    list.push({ id: row.id, name: row.originalName, mime: row.mime, size: row.size, url: `/api/cs/attachments/${row.id}` });
    map.set(row.ownerRecordId, list);
  }
  return map;
}

/** `GET /api/cs/attachments/{id}`: board files are public while the post exists; others only to their uploader. */
export const attachmentRoutes = new Hono<ApiEnv>();

attachmentRoutes.get('/:id', optionalMember(), async (c) => {
  const id = parseId(c.req.param('id'));
  if (!id) return notFound(c, 'file');
  const { db } = c.get('deps').database;
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  if (!row) return notFound(c, 'file');
  if (row.ownerKind === 'board') {
    const [post] = await db
      .select({ id: boardPosts.id })
      .from(boardPosts)
      .where(and(eq(boardPosts.id, row.ownerRecordId), isNull(boardPosts.deletedAt)));
    if (!post) return notFound(c, 'file');
  } else if (c.get('member')?.id !== row.memberId) {
    // 404 rather than 403: another member's file does not exist for you.
    return notFound(c, 'file');
  }
  const bytes = await storageOf(c).get(row.storageKey);
  if (!bytes) return notFound(c, 'file');
  return fileResponse(bytes, row.mime, row.originalName);
});
