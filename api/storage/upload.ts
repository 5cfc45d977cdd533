/**
 * Checks one uploaded file: size before reading, content by magic bytes, image dimensions from the
 * header. Returns an error value with a permanent code of the catalogue; never throws.
 */
import { API_ERRORS, type ErrorStatus } from '../../domain/errors.ts';
import { imageSize } from './image-size.ts';
import {
  UPLOAD_FILE_SIZE_MAX_BYTES,
  UPLOAD_IMAGE_PIXELS_MAX,
  UPLOAD_IMAGE_SIDE_MAX_PX,
  UPLOAD_ORIGINAL_NAME_MAX_CHARS,
} from './limits.ts';
import { sniffFile, type ImageKind } from './sniff.ts';

export interface CheckedUpload {
  bytes: Uint8Array;
  kind: ImageKind;
  originalName: string;
}

export type UploadErrorCode =
  | 'file_too_large'
  | 'file_empty'
  | 'file_type_not_allowed'
  | 'image_too_large'
  | 'too_many_files'
  | 'payload_too_large';

/** A refused upload: a catalogue code (domain/errors.ts) and its status; the words are the catalogue's. */
export interface UploadError {
  code: UploadErrorCode;
  status: ErrorStatus;
}

const refused = (code: UploadErrorCode): UploadError => ({ code, status: API_ERRORS[code].status });

export const UPLOAD_ERRORS: Record<UploadErrorCode, UploadError> = {
  file_too_large: refused('file_too_large'),
  payload_too_large: refused('payload_too_large'),
  file_empty: refused('file_empty'),
  file_type_not_allowed: refused('file_type_not_allowed'),
  image_too_large: refused('image_too_large'),
  too_many_files: refused('too_many_files'),
};

/** Keeps a display name only: no path parts, no control characters, bounded length. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"]/g, '').trim();
  return (clean || 'file').slice(0, UPLOAD_ORIGINAL_NAME_MAX_CHARS);
}

export async function checkUpload(
  file: File,
): Promise<{ ok: true; value: CheckedUpload } | { ok: false; error: UploadError }> {
  if (file.size > UPLOAD_FILE_SIZE_MAX_BYTES) return { ok: false, error: UPLOAD_ERRORS.file_too_large };
  if (file.size === 0) return { ok: false, error: UPLOAD_ERRORS.file_empty };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffFile(bytes);
  if (!sniffed.ok) return { ok: false, error: UPLOAD_ERRORS.file_type_not_allowed };
  const size = imageSize(bytes, sniffed.kind);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, error: UPLOAD_ERRORS.file_type_not_allowed };
  if (
    size.width > UPLOAD_IMAGE_SIDE_MAX_PX ||
    size.height > UPLOAD_IMAGE_SIDE_MAX_PX ||
    size.width * size.height > UPLOAD_IMAGE_PIXELS_MAX
  ) {
    return { ok: false, error: UPLOAD_ERRORS.image_too_large };
  }
  return { ok: true, value: { bytes, kind: sniffed.kind, originalName: cleanOriginalName(file.name) } };
}
