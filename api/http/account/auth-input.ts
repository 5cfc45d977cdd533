/**
 * The old body reader, kept only for api/http/channels/channels-broadcast.ts: every other route reads
 * its body through api/http/request.ts. Delete this file when that route moves to the toolkit.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { ApiErrorCode } from '../../../domain/errors.ts';

export const BODY_MAX_BYTES = 16 * 1024;

export type Parsed<T> = { ok: true; data: T } | { ok: false; code: ApiErrorCode; message?: string; status: 400 | 413 | 415 };

/** The body bytes, or null as soon as they pass `max` (a chunked upload is never buffered whole). */
async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The raw body as a plain object (JSON object or form fields), or an error code. */
export async function readBody(c: Context): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; code: ApiErrorCode; status: 400 | 413 | 415 }> {
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > BODY_MAX_BYTES) return { ok: false, code: 'payload_too_large', status: 413 };
  let text: string;
  try {
    const buf = await readCapped(c.req.raw, BODY_MAX_BYTES);
    if (!buf) return { ok: false, code: 'payload_too_large', status: 413 };
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return { ok: false, code: 'bad_request', status: 400 };
  }
  // PostgreSQL text cannot hold NUL; refusing it here keeps every later query safe.
  if (text.includes('\u0000')) return { ok: false, code: 'bad_request', status: 400 };
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const data: Record<string, unknown> = Object.create(null);
    for (const [k, val] of new URLSearchParams(text)) data[k] = val;
    if (Object.values(data).some((val) => String(val).includes('\u0000'))) return { ok: false, code: 'bad_request', status: 400 };
    return { ok: true, data };
  }
  if (text.trim() === '') return { ok: true, data: Object.create(null) };
  if (type && !type.startsWith('application/json') && !type.startsWith('text/plain')) return { ok: false, code: 'unsupported_media_type', status: 415 };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: 'invalid_json', status: 400 };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, code: 'bad_request', status: 400 };
  if (text.includes('\\u0000')) return { ok: false, code: 'bad_request', status: 400 };
  return { ok: true, data: json as Record<string, unknown> };
}

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, data: result.output };
  return { ok: false, code: 'validation_failed', message: result.issues[0]?.message, status: 400 };
}
