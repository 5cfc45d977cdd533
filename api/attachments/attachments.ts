/**
 * Attachments of inquiries, reports and board posts: checked in full before anything is written,
 * stored under generated names, downloadable only by whoever may see the record they belong to.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { attachments, boardPosts } from '../db/schema/index.ts';
import { fileResponse } from '../storage/serve.ts';
import { newStorageKey, type FileStorage } from '../storage/storage.ts';
import type { CheckedUpload } from '../storage/upload.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { ids, params } from '../http/request.ts';
import { me, optionalMember } from '../http/session.ts';
import { storageOf } from '../http/uploads.ts';

export type AttachmentKind = 'inquiry' | 'declaration' | 'board';

export interface AttachmentView {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

interface StoredFile extends CheckedUpload {
  key: string;
}

/** Writes the files to storage under generated names; `discard()` removes them again. */
async function storeFiles(storage: FileStorage, checked: CheckedUpload[]): Promise<{ stored: StoredFile[]; discard: () => Promise<void> }> {
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

async function attachRows(db: Db, kind: AttachmentKind, recordId: number, memberId: number, stored: StoredFile[]): Promise<void> {
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

/**
 * Stores the checked files, then in one transaction runs `write` (which writes the record and
 * returns its id, or null to write nothing) and attaches the files to that record. The files are
 * removed again when `write` answers null or anything fails; the answer is `write`'s.
 */
export async function saveWithFiles(
  c: Context<ApiEnv>,
  kind: AttachmentKind,
  checked: CheckedUpload[],
  write: (tx: Db) => Promise<number | null>,
): Promise<number | null> {
  const memberId = me(c).id;
  const { stored, discard } = await storeFiles(storageOf(c), checked);
  try {
    const recordId = await c.get('deps').database.db.transaction(async (tx) => {
      const id = await write(tx);
      if (id !== null) await attachRows(tx, kind, id, memberId, stored);
      return id;
    });
    if (recordId === null) await discard();
    return recordId;
  } catch (err) {
    await discard();
    throw err;
  }
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
export const attachmentRoutes = new Hono<ApiEnv>().get(
  '/:id',
  doc({
    tag: 'cs',
    summary: 'One attachment as a download (board files while the post exists; inquiry and report files to their uploader only)',
    responses: { 200: { description: 'The file, served as an attachment with nosniff and a sandboxing CSP', contentType: 'application/octet-stream' } },
    errors: ['not_found'],
  }),
  optionalMember(),
  params(ids('id'), { invalid: 'not_found' }),
  async (c) => {
    const { id } = c.req.valid('param');
    const missing = () => fail(c, 'not_found', { messageKey: 'error_not_found_file' });
    const { db } = c.get('deps').database;
    const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
    if (!row) return missing();
    if (row.ownerKind === 'board') {
      const [post] = await db
        .select({ id: boardPosts.id })
        .from(boardPosts)
        .where(and(eq(boardPosts.id, row.ownerRecordId), isNull(boardPosts.deletedAt)));
      if (!post) return missing();
    } else if (c.get('member')?.id !== row.memberId) {
      // 404 rather than 403: another member's file does not exist for you.
      return missing();
    }
    const bytes = await storageOf(c).get(row.storageKey);
    if (!bytes) return missing();
    return fileResponse(bytes, row.mime, row.originalName);
  },
);
