/**
 * Multipart uploads (inquiries, reports, board posts), read one way: the request is capped before
 * it is buffered (ASVS 5.2.1: a Content-Length over UPLOAD_REQUEST_SIZE_MAX_BYTES is refused
 * unread, a body that runs past it is cut off), text fields refuse control characters as every
 * other body does (request.ts), a request carries at most UPLOAD_FILES_PER_POST_MAX files, and
 * every refusal answers from the catalogue.
 *
 * On a route: `upload(schema)` after the guard; the handler reads the validated text fields and
 * the files with `c.req.valid('form')`, checks the files by content with `checkUploads()` and
 * stores them in the app's `deps.storage`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { ApiErrorCode } from '../../domain/errors.ts';
import type { ApiEnv } from '../app-env.ts';
import { UPLOAD_FILES_PER_POST_MAX, UPLOAD_REQUEST_SIZE_MAX_BYTES } from '../storage/limits.ts';
import { checkUpload, UPLOAD_ERRORS, type CheckedUpload, type UploadErrorCode } from '../storage/upload.ts';
import { fail } from './errors.ts';
import {
  documented,
  ERROR_CODES_KEY,
  holdsControl,
  jsonSchemaOf,
  readCapped,
  refuseIssue,
  type ValidationCodes,
} from './request.ts';

type UploadRead =
  | { ok: true; fields: Record<string, string>; files: File[] }
  | { ok: false; code: ApiErrorCode; messageKey?: string };

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/**
 * The text fields (the first value of each name) and the files of a multipart (or form-encoded)
 * body. An empty file input (no name, no bytes) is no file.
 */
async function readUpload(c: Context<ApiEnv>): Promise<UploadRead> {
  const type = c.req.header('content-type') ?? '';
  if (!FORM_TYPES.some((t) => type.toLowerCase().startsWith(t)))
    return { ok: false, code: 'unsupported_media_type', messageKey: 'error_unsupported_media_type_multipart' };
  const tooLarge = {
    ok: false,
    code: UPLOAD_ERRORS.payload_too_large.code,
    messageKey: 'error_upload_too_large',
  } as const;
  if (Number(c.req.header('content-length') ?? '0') > UPLOAD_REQUEST_SIZE_MAX_BYTES) return tooLarge;
  let form: FormData;
  try {
    const bytes = await readCapped(c.req.raw, UPLOAD_REQUEST_SIZE_MAX_BYTES, { leaveRest: true });
    if (!bytes) return tooLarge;
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    return { ok: false, code: 'bad_request', messageKey: 'error_bad_request_form' };
  }
  const fields: Record<string, string> = Object.create(null);
  const files: File[] = [];
  // Iterated through its entries (Node's FormData is iterable; which global type TypeScript picks varies).
  for (const [name, value] of form as unknown as Iterable<[string, string | File]>) {
    if (typeof value === 'string') {
      if (holdsControl(name) || holdsControl(value)) return { ok: false, code: 'control_characters' };
      if (!(name in fields)) fields[name] = value;
    } else if (value.size > 0 || value.name) {
      files.push(value);
    }
  }
  if (files.length > UPLOAD_FILES_PER_POST_MAX) return { ok: false, code: UPLOAD_ERRORS.too_many_files.code };
  return { ok: true, fields, files };
}

const UPLOAD_CODES: ApiErrorCode[] = [
  'unsupported_media_type',
  'payload_too_large',
  'bad_request',
  'control_characters',
  'too_many_files',
  'validation_failed',
];

/**
 * Validates the text fields of an upload with `schema`; the handler reads them, with `files`
 * beside them, from `c.req.valid('form')`.
 */
export function upload<S extends v.GenericSchema>(
  schema: S,
  options: ValidationCodes = {},
): MiddlewareHandler<
  ApiEnv,
  string,
  { in: { form: v.InferInput<S> }; out: { form: v.InferOutput<S> & { files: File[] } } }
> {
  const fields = jsonSchemaOf(schema) as { properties?: Record<string, unknown> };
  const files = {
    type: 'array',
    maxItems: UPLOAD_FILES_PER_POST_MAX,
    items: { type: 'string', contentMediaType: 'application/octet-stream' },
  };
  const content = { 'multipart/form-data': { schema: { ...fields, properties: { ...fields.properties, files } } } };
  return documented(
    async function uploadValidator(c, next) {
      const read = await readUpload(c);
      if (!read.ok) return fail(c, read.code, read.messageKey ? { messageKey: read.messageKey } : {});
      const result = v.safeParse(schema, read.fields);
      if (!result.success) return refuseIssue(c, result.issues, options);
      c.req.addValidatedData('form', { ...(result.output as object), files: read.files });
      await next();
    },
    {
      requestBody: { required: true, content },
      [ERROR_CODES_KEY]: [...UPLOAD_CODES, ...Object.values(options.fields ?? {})],
    },
  );
}

/** Error codes a route that checks and stores files adds to those of `upload()`. */
export const FILE_CODES = [
  'file_empty',
  'file_too_large',
  'file_type_not_allowed',
  'image_too_large',
] as const satisfies readonly UploadErrorCode[];

/** Every file checked by content before any is stored, or the first refusal's code. */
export async function checkUploads(
  files: File[],
): Promise<{ ok: true; checked: CheckedUpload[] } | { ok: false; code: UploadErrorCode }> {
  const checked: CheckedUpload[] = [];
  for (const file of files) {
    const res = await checkUpload(file);
    if (!res.ok) return { ok: false, code: res.error.code };
    checked.push(res.value);
  }
  return { ok: true, checked };
}
