/**
 * The request toolkit every route uses: one body reader (streamed, one size cap, strict UTF-8,
 * control characters refused), and validators for the body, the query and the path that answer
 * the catalogue's 400 in the caller's language. Each validator also documents itself in the
 * OpenAPI document (api/http/openapi.ts), from the very schema it checks with.
 *
 * Order on a route: `doc()`, then who may call (`requireMember()` …), then the validators, then
 * the handler: a caller who may not act learns that before anything about the input.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { toJsonSchema } from '@valibot/to-json-schema';
import { uniqueSymbol } from 'hono-openapi';
import * as v from 'valibot';
import type { ApiErrorCode } from '../../domain/errors.ts';
import { PAGE_LIMIT_MAX, PAGE_OFFSET_MAX, REQUEST_BODY_MAX_BYTES } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from './errors.ts';
import { isMessageKey } from './locale.ts';

/** C0 controls but tab, LF and CR; DEL; C1 controls. NUL above all: PostgreSQL text cannot hold it. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** In an address nothing of C0, DEL or C1 is allowed, line breaks included. */
const CONTROL_IN_URL = /[\u0000-\u001f\u007f-\u009f]/;

/** Strict UTF-8 (broken bytes are a 400); decoding whole buffers keeps no state between calls. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export type BodyFailure =
  | 'payload_too_large'
  | 'bad_request'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'control_characters';
export type RawBody = { ok: true; text: string } | { ok: false; code: BodyFailure };
export type ParsedBody =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; code: BodyFailure | 'invalid_body' };

/**
 * The body bytes, or null as soon as they pass `max`: a chunked upload is never buffered whole.
 * Past the cap the stream is cancelled; with `leaveRest` it is only released, and the server
 * adapter drains or closes the rest after the answer (@hono/node-server: at most 64 MiB or
 * 500 ms), so a client still sending reads the 413 instead of a reset connection.
 */
export async function readCapped(
  request: Request,
  max: number,
  { leaveRest = false } = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      if (leaveRest) reader.releaseLock();
      else await reader.cancel();
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

/**
 * The body as text, read at most once per request and never past `max` bytes (413 above it,
 * whatever Content-Length claims). Webhooks read this raw text to check its signature.
 */
export async function readRawBody(c: Context<ApiEnv>, max = REQUEST_BODY_MAX_BYTES): Promise<RawBody> {
  const cached = c.get('rawBody');
  if (cached) return cached;
  const result = await (async (): Promise<RawBody> => {
    const declared = c.req.header('content-length');
    if (Number(declared ?? '0') > max) return { ok: false, code: 'payload_too_large' };
    try {
      // With a Content-Length the server's parser delivers exactly that many bytes, so the body is
      // read whole (on @hono/node-server straight from the socket, with no web stream built for it);
      // a chunked body is read as a stream and stopped at the cap.
      const bytes =
        declared !== undefined && /^\d+$/.test(declared)
          ? new Uint8Array(await c.req.raw.arrayBuffer())
          : await readCapped(c.req.raw, max);
      if (!bytes || bytes.byteLength > max) return { ok: false, code: 'payload_too_large' };
      return { ok: true, text: UTF8.decode(bytes) };
    } catch {
      return { ok: false, code: 'bad_request' };
    }
  })();
  c.set('rawBody', result);
  // Hono's own readers (c.req.json(), validators) answer from this copy instead of the spent stream.
  if (result.ok) c.req.bodyCache.text = Promise.resolve(result.text) as never;
  return result;
}

/** Whether a text, or any string in a parsed JSON value (keys included), holds a control character. */
export function holdsControl(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_IN_TEXT.test(value);
  if (Array.isArray(value)) return value.some(holdsControl);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, x]) => CONTROL_IN_TEXT.test(k) || holdsControl(x));
  return false;
}

/**
 * The body as a plain object: JSON (or text/plain holding JSON) or form fields; an empty body is
 * `{}`. Refuses oversize (413), broken UTF-8 or JSON (400), other media types (415), anything but
 * an object (`invalid_body`) and control characters in any text (`control_characters`).
 */
export async function readBody(c: Context<ApiEnv>): Promise<ParsedBody> {
  const raw = await readRawBody(c);
  if (!raw.ok) return raw;
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const data: Record<string, unknown> = Object.create(null);
    for (const [k, value] of new URLSearchParams(raw.text)) {
      if (CONTROL_IN_TEXT.test(k) || CONTROL_IN_TEXT.test(value)) return { ok: false, code: 'control_characters' };
      data[k] = value;
    }
    return { ok: true, data };
  }
  if (raw.text.trim() === '') return { ok: true, data: Object.create(null) };
  if (type && !/^application\/([\w.+-]+\+)?json\b/.test(type) && !type.startsWith('text/plain'))
    return { ok: false, code: 'unsupported_media_type' };
  let json: unknown;
  try {
    json = JSON.parse(raw.text);
  } catch {
    return { ok: false, code: 'invalid_json' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, code: 'invalid_body' };
  if (holdsControl(json)) return { ok: false, code: 'control_characters' };
  return { ok: true, data: json as Record<string, unknown> };
}

/**
 * Refuses an address with a control character anywhere in its path or query, encoded (`%00`) or
 * not, with the catalogue's 400: one rule for every route, before any handler reads a parameter.
 */
export function refuseControlCharacters(): MiddlewareHandler<ApiEnv> {
  return async function refuseControlCharactersMiddleware(c, next) {
    const url = c.req.url;
    const rest = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest.replace(/\+/g, ' '));
    } catch {
      decoded = rest;
    }
    if (CONTROL_IN_URL.test(rest) || CONTROL_IN_URL.test(decoded)) return fail(c, 'control_characters');
    await next();
  };
}

/** What a validator answers for a refused input; a field may have a permanent code of its own. */
export interface ValidationCodes {
  /** Code for any refused field (default `validation_failed`). */
  invalid?: ApiErrorCode;
  /** Codes by the first key of the refused field's path. */
  fields?: Record<string, ApiErrorCode>;
  /** Code for a body that is not an object (default `bad_request`). */
  notObject?: ApiErrorCode;
}

/** The catalogue's 400 for the first refused field (its code, its field, a schema rule's own message key). */
export function refuseIssue(
  c: Context<ApiEnv>,
  issues: readonly v.BaseIssue<unknown>[],
  codes: ValidationCodes,
): Response {
  const issue = issues[0];
  const field = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
  const first = String(issue?.path?.[0]?.key ?? '');
  const code = codes.fields?.[first] ?? codes.invalid ?? 'validation_failed';
  // A schema rule names its own words with a message key (domain/schemas: SPEC §5 texts).
  if (issue && isMessageKey(issue.message))
    return fail(c, code, { messageKey: issue.message, fields: field ? { field } : {} });
  if (code !== 'validation_failed' || !field) return fail(c, code, field ? { fields: { field } } : {});
  return fail(c, code, { messageKey: 'error_validation_failed_field', fields: { field } });
}

type Documented<M> = M & { [uniqueSymbol]: unknown };

/** Error codes a middleware adds to every route it guards; openapi.ts turns them into answers. */
export const ERROR_CODES_KEY = 'x-error-codes';

/**
 * Attaches an OpenAPI fragment to a middleware (hono-openapi reads it from every route's
 * handlers and merges the fragments of one route). `x-error-codes` lists catalogue codes.
 */
export function documented<M extends MiddlewareHandler>(middleware: M, spec: Record<string, unknown>): Documented<M> {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}

/** JSON Schema 2020-12 of the input a schema accepts (transforms are not describable and are left out). */
export function jsonSchemaOf(schema: v.GenericSchema): Record<string, unknown> {
  return toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }) as Record<
    string,
    unknown
  >;
}

function parametersOf(schema: v.GenericSchema, where: 'query' | 'path') {
  const json = jsonSchemaOf(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || Boolean(json.required?.includes(name)),
    schema: s,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

const BODY_CODES: ApiErrorCode[] = [
  'validation_failed',
  'bad_request',
  'invalid_json',
  'control_characters',
  'unsupported_media_type',
  'payload_too_large',
];

export interface BodyOptions extends ValidationCodes {
  /** Also accepts `application/x-www-form-urlencoded` (clients in the wild send either). */
  form?: boolean;
  /** What the document shows when `schema` cannot describe itself (a `v.lazy` choosing between forms, say). */
  describedAs?: v.GenericSchema;
}

/**
 * Validates the body (JSON, or form fields with `form`) with `schema`; the handler reads the
 * result with `c.req.valid('json')`.
 */
export function body<S extends v.GenericSchema>(
  schema: S,
  options: BodyOptions = {},
): MiddlewareHandler<ApiEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  const described = jsonSchemaOf(options.describedAs ?? schema);
  const content: Record<string, unknown> = { 'application/json': { schema: described } };
  if (options.form) content['application/x-www-form-urlencoded'] = { schema: described };
  const codes = [
    ...BODY_CODES,
    ...Object.values(options.fields ?? {}),
    ...(options.invalid ? [options.invalid] : []),
    ...(options.notObject ? [options.notObject] : []),
  ];
  return documented(
    async function bodyValidator(c, next) {
      const parsed = await readBody(c);
      if (!parsed.ok)
        return fail(c, parsed.code === 'invalid_body' ? (options.notObject ?? 'bad_request') : parsed.code);
      const result = v.safeParse(schema, parsed.data);
      if (!result.success) return refuseIssue(c, result.issues, options);
      c.req.addValidatedData('json', result.output as object);
      await next();
    },
    { requestBody: { required: true, content }, [ERROR_CODES_KEY]: codes },
  );
}

/** Validates the query string (first value of each name) with `schema`: `c.req.valid('query')`. */
export function query<S extends v.GenericSchema>(
  schema: S,
  options: ValidationCodes = {},
): MiddlewareHandler<ApiEnv, string, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }> {
  return documented(
    async function queryValidator(c, next) {
      const result = v.safeParse(schema, c.req.query());
      if (!result.success) return refuseIssue(c, result.issues, options);
      c.req.addValidatedData('query', result.output as object);
      await next();
    },
    {
      parameters: parametersOf(schema, 'query'),
      [ERROR_CODES_KEY]: [options.invalid ?? 'validation_failed', ...Object.values(options.fields ?? {})],
    },
  );
}

/** Validates path parameters with `schema`: `c.req.valid('param')`. */
export function params<S extends v.GenericSchema>(
  schema: S,
  options: ValidationCodes = {},
): MiddlewareHandler<ApiEnv, string, { in: { param: v.InferInput<S> }; out: { param: v.InferOutput<S> } }> {
  return documented(
    async function paramValidator(c, next) {
      const result = v.safeParse(schema, c.req.param());
      if (!result.success) return refuseIssue(c, result.issues, { invalid: 'invalid_id', ...options });
      c.req.addValidatedData('param', result.output as object);
      await next();
    },
    {
      parameters: parametersOf(schema, 'path'),
      [ERROR_CODES_KEY]: [options.invalid ?? 'invalid_id', ...Object.values(options.fields ?? {})],
    },
  );
}

/** The one id rule: a positive 31-bit integer written in decimal digits (a path or query value). */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;
export const ID_MAX = 2_147_483_647;

/** A positive integer id from text, or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !ID_PATTERN.test(raw)) return null;
  const n = Number(raw);
  return n <= ID_MAX ? n : null;
}

/** An id written as text (path, query, form) becoming a number. */
export const idText = v.pipe(
  v.string(),
  v.regex(ID_PATTERN),
  v.transform(Number),
  v.maxValue(ID_MAX),
  v.metadata({ description: 'positive integer id' }),
);

/** An id in a JSON body: a positive integer. */
export const idNumber = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ID_MAX));

/** Path parameters that are all ids: `params(ids('channelId'))`. */
export function ids<K extends string>(...names: K[]) {
  return v.object(Object.fromEntries(names.map((n) => [n, idText])) as Record<K, typeof idText>);
}

/**
 * The one paging rule: `offset` 0…PAGE_OFFSET_MAX (default 0), `limit` 1 or more, capped at
 * `maxLimit`; an empty value is the default. Spread into a query schema: `v.object({ ...paging(20) })`.
 */
export function paging(defaultLimit: number, maxLimit = PAGE_LIMIT_MAX) {
  const digits = v.pipe(v.string(), v.regex(/^\d{0,9}$/));
  return {
    offset: v.optional(
      v.pipe(
        digits,
        v.transform((s) => (s === '' ? 0 : Number(s))),
        v.maxValue(PAGE_OFFSET_MAX),
      ),
      '',
    ),
    limit: v.optional(
      v.pipe(
        digits,
        v.transform((s) => (s === '' ? defaultLimit : Number(s))),
        v.minValue(1),
        v.transform((n) => Math.min(n, maxLimit)),
      ),
      '',
    ),
  };
}
