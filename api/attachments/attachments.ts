/**
 * Attachments of inquiries, reports and board posts: checked in full before anything is written,
 * stored under generated names, downloadable only by whoever may see the record they belong to.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Attachment } from '../../domain/answers/cs.ts';
import type { Db } from '../db/client.ts';
import { attachments, boardPosts } from '../db/schema/index.ts';
import { newStorageKey, type FileStorage } from '../storage/storage.ts';
import type { CheckedUpload } from '../storage/upload.ts';

export type AttachmentKind = 'inquiry' | 'declaration' | 'board';

interface StoredFile extends CheckedUpload {
  key: string;
}

/** Writes the files to storage under generated names; `discard()` removes them again. */
async function storeFiles(
  storage: FileStorage,
  checked: CheckedUpload[],
): Promise<{ stored: StoredFile[]; discard: () => Promise<void> }> {
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

async function attachRows(db: Db, kind: AttachmentKind, recordId: number, memberId: number, stored: StoredFile[]) {
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

/** Where a member's files go: the database of the record and the storage of the bytes. */
export interface FileSaving {
  db: Db;
  storage: FileStorage;
  memberId: number;
}

/**
 * Stores the checked files, then in one transaction runs `write` (which writes the record and
 * returns its id, or null to write nothing) and attaches the files to that record. The files are
 * removed again when `write` answers null or anything fails; the answer is `write`'s.
 */
export async function saveWithFiles<Id extends number | null>(
  { db, storage, memberId }: FileSaving,
  kind: AttachmentKind,
  checked: CheckedUpload[],
  write: (tx: Db) => Promise<Id>,
): Promise<Id> {
  const { stored, discard } = await storeFiles(storage, checked);
  try {
    const recordId = await db.transaction(async (tx) => {
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

export async function attachmentsOf(
  db: Db,
  kind: AttachmentKind,
  recordIds: number[],
): Promise<Map<number, Attachment[]>> {
  const map = new Map<number, Attachment[]>();
  if (recordIds.length === 0) return map;
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerKind, kind), inArray(attachments.ownerRecordId, recordIds)))
    .orderBy(attachments.id);
  for (const row of rows) {
    const list = map.get(row.ownerRecordId) ?? [];
    const url = `/api/cs/attachments/${row.id}`;
    list.push({ id: row.id, name: row.originalName, mime: row.mime, size: row.size, url });
    map.set(row.ownerRecordId, list);
  }
  return map;
}

export interface AttachmentFile {
  bytes: Uint8Array;
  mime: string;
  name: string;
}

/**
 * The bytes of attachment `id` for `viewerId` (null: signed out), or null: board files while their
 * post exists; inquiry and report files only to their uploader (another member's file does not
 * exist for you).
 */
export async function attachmentFile(
  db: Db,
  storage: FileStorage,
  id: number,
  viewerId: number | null,
): Promise<AttachmentFile | null> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  if (!row) return null;
  if (row.ownerKind === 'board') {
    const [post] = await db
      .select({ id: boardPosts.id })
      .from(boardPosts)
      .where(and(eq(boardPosts.id, row.ownerRecordId), isNull(boardPosts.deletedAt)));
    if (!post) return null;
  } else if (viewerId !== row.memberId) {
    return null;
  }
  const bytes = await storage.get(row.storageKey);
  return bytes ? { bytes, mime: row.mime, name: row.originalName } : null;
}
