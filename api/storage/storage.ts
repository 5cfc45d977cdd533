/**
 * Where uploaded files live. The API only ever hands over keys it generated itself
 * (`newStorageKey()`), so a client-chosen name never reaches the file system.
 */
import { randomUUID } from 'node:crypto';

export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no such key is stored. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

export function newStorageKey(ext: string): string {
  const key = `${randomUUID()}.${ext}`;
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`unsupported extension ${ext}`);
  return key;
}

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}
