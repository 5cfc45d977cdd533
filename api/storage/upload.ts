/**
 * Checks one uploaded file: size before reading, content by magic bytes, image dimensions from the
 * header. Returns an error value with a permanent code and a plain-words message; never throws.
 */
import { imageSize } from './image-size.ts';
import { UPLOAD_FILE_SIZE_MAX_BYTES, UPLOAD_IMAGE_PIXELS_MAX, UPLOAD_IMAGE_SIDE_MAX_PX, UPLOAD_ORIGINAL_NAME_MAX_CHARS } from './limits.ts';
import { sniffFile, type ImageKind } from './sniff.ts';

export interface CheckedUpload {
  bytes: Uint8Array;
  kind: ImageKind;
  originalName: string;
}

export type UploadErrorCode = 'file_too_large' | 'file_empty' | 'file_type_not_allowed' | 'image_too_large' | 'too_many_files' | 'payload_too_large';

export interface UploadError {
  code: UploadErrorCode;
  status: 400 | 413 | 415;
  message: string;
}

export const UPLOAD_ERRORS: Record<UploadErrorCode, UploadError> = {
  file_too_large: { code: 'file_too_large', status: 413, message: 'The file is too large. Attach images of 5 MB or less.' },
  payload_too_large: { code: 'payload_too_large', status: 413, message: 'The upload is too large. Attach at most 3 images of 5 MB or less.' },
  file_empty: { code: 'file_empty', status: 400, message: 'The file is empty.' },
  file_type_not_allowed: { code: 'file_type_not_allowed', status: 415, message: 'Only PNG, JPEG, GIF or WebP images can be attached.' },
  image_too_large: { code: 'image_too_large', status: 400, message: 'The image is too large. Use at most 8000 pixels per side.' },
  too_many_files: { code: 'too_many_files', status: 400, message: 'Attach at most 3 files.' },
};

/** Keeps a display name only: no path parts, no control characters, bounded length. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"]/g, '').trim();
  return (clean || 'file').slice(0, UPLOAD_ORIGINAL_NAME_MAX_CHARS);
}

export async function checkUpload(file: File): Promise<{ ok: true; value: CheckedUpload } | { ok: false; error: UploadError }> {
  if (file.size > UPLOAD_FILE_SIZE_MAX_BYTES) return { ok: false, error: UPLOAD_ERRORS.file_too_large };
  if (file.size === 0) return { ok: false, error: UPLOAD_ERRORS.file_empty };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffFile(bytes);
  if (!sniffed.ok) return { ok: false, error: UPLOAD_ERRORS.file_type_not_allowed };
  const size = imageSize(bytes, sniffed.kind);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, error: UPLOAD_ERRORS.file_type_not_allowed };
  if (size.width > UPLOAD_IMAGE_SIDE_MAX_PX || size.height > UPLOAD_IMAGE_SIDE_MAX_PX || size.width * size.height > UPLOAD_IMAGE_PIXELS_MAX) {
    return { ok: false, error: UPLOAD_ERRORS.image_too_large };
  }
  return { ok: true, value: { bytes, kind: sniffed.kind, originalName: cleanOriginalName(file.name) } };
}
