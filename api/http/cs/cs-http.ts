/**
 * Small request/response pieces shared by the my, messages, customer-service and board routes:
 * the `{ error, error_msg }` shape, bounded JSON and multipart bodies, paging and id parameters.
 * Every bad input becomes a 4xx value here, never a throw.
 */
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import type { ApiEnv, SessionMember } from '../../app-env.ts';
import { createDiskStorage } from '../../storage/disk-storage.ts';
import { UPLOAD_FILES_PER_POST_MAX, UPLOAD_REQUEST_SIZE_MAX_BYTES } from '../../storage/limits.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { UPLOAD_ERRORS } from '../../storage/upload.ts';

export type Ctx = Context<ApiEnv>;
type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422;

export const JSON_BODY_MAX_BYTES = 16 * 1024;
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

export function fail(c: Ctx, status: Status, error: string, errorMsg: string): Response {
  return c.json({ error, error_msg: errorMsg }, status);
}

export const notFound = (c: Ctx, what = 'item') => fail(c, 404, 'not_found', `No such ${what}.`);
export const forbidden = (c: Ctx, msg = 'You cannot do this.') => fail(c, 403, 'forbidden', msg);

/** The caller set by requireMember(); only call behind it. */
export function me(c: Ctx): SessionMember {
  const member = c.get('member');
  if (!member) throw new Error('me() used on a route without requireMember()');
  return member;
}

/** A positive 31-bit integer id, or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

export function paging(c: Ctx, defaultLimit = PAGE_LIMIT_DEFAULT): { offset: number; limit: number } | null {
  const rawOffset = c.req.query('offset');
  const rawLimit = c.req.query('limit');
  const offset = rawOffset === undefined || rawOffset === '' ? 0 : Number(rawOffset);
  const limit = rawLimit === undefined || rawLimit === '' ? defaultLimit : Number(rawLimit);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > 1_000_000 || !Number.isSafeInteger(limit) || limit < 1) return null;
  return { offset, limit: Math.min(limit, PAGE_LIMIT_MAX) };
}

export const badPaging = (c: Ctx) => fail(c, 400, 'validation_failed', 'offset must be 0 or more and limit 1 or more.');

/** Trimmed text of 1..max characters (SPEC §5: whitespace is stripped from text inputs). */
export const textField = (max: number, min = 1) => v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max));

/** Reads a JSON (or form-encoded) body of at most 16 KiB and validates it, or answers 4xx. */
export async function readInput<S extends v.GenericSchema>(c: Ctx, schema: S): Promise<{ ok: true; data: v.InferOutput<S> } | { ok: false; res: Response }> {
  if (Number(c.req.header('content-length') ?? '0') > JSON_BODY_MAX_BYTES)
    return { ok: false, res: fail(c, 413, 'payload_too_large', 'The request body is too large.') };
  let text: string;
  try {
    const buf = await c.req.arrayBuffer();
    if (buf.byteLength > JSON_BODY_MAX_BYTES) return { ok: false, res: fail(c, 413, 'payload_too_large', 'The request body is too large.') };
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return { ok: false, res: fail(c, 400, 'bad_request', 'The request is not valid.') };
  }
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let raw: unknown = {};
  if (type.startsWith('application/x-www-form-urlencoded')) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, res: fail(c, 400, 'invalid_json', 'The request body is not valid JSON.') };
    }
  }
  return validate(c, schema, raw);
}

export function validate<S extends v.GenericSchema>(c: Ctx, schema: S, raw: unknown): { ok: true; data: v.InferOutput<S> } | { ok: false; res: Response } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, res: fail(c, 400, 'bad_request', 'The request is not valid.') };
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, res: fail(c, 400, 'validation_failed', field ? `Please check ${field}.` : 'Please check your input.') };
  }
  return { ok: true, data: parsed.output };
}

/** Caps a multipart request before any of it is buffered (ASVS 5.2.1). */
export function uploadBodyLimit(): MiddlewareHandler<ApiEnv> {
  return bodyLimit({
    maxSize: UPLOAD_REQUEST_SIZE_MAX_BYTES,
    onError: (c) => c.json({ error: UPLOAD_ERRORS.payload_too_large.code, error_msg: UPLOAD_ERRORS.payload_too_large.message }, 413),
  });
}

/** Text fields and files of a multipart (or urlencoded) body; files are at most UPLOAD_FILES_PER_POST_MAX. */
export async function readMultipart(c: Ctx): Promise<{ ok: true; fields: Record<string, string>; files: File[] } | { ok: false; res: Response }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    return { ok: false, res: fail(c, 415, 'unsupported_media_type', 'Send the form as multipart/form-data.') };
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    return { ok: false, res: fail(c, 400, 'bad_request', 'The form could not be read.') };
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') {
        if (!(key in fields)) fields[key] = item;
      } else if (item.size > 0 || item.name) {
        files.push(item);
      }
    }
  }
  if (files.length > UPLOAD_FILES_PER_POST_MAX)
    return { ok: false, res: c.json({ error: UPLOAD_ERRORS.too_many_files.code, error_msg: UPLOAD_ERRORS.too_many_files.message }, 400) };
  return { ok: true, fields, files };
}

const diskStorages = new Map<string, FileStorage>();

export function storageOf(c: Ctx): FileStorage {
  const deps = c.get('deps');
  if (deps.storage) return deps.storage;
  const dir = join(deps.config.dataDir, 'uploads');
  let storage = diskStorages.get(dir);
  if (!storage) diskStorages.set(dir, (storage = createDiskStorage(dir)));
  return storage;
}
