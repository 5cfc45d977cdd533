/** Upload limits, unit last. */
export const UPLOAD_FILE_SIZE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FILES_PER_POST_MAX = 3;
/** The whole multipart request: files plus text fields and multipart overhead. */
export const UPLOAD_REQUEST_SIZE_MAX_BYTES = UPLOAD_FILES_PER_POST_MAX * UPLOAD_FILE_SIZE_MAX_BYTES + 256 * 1024;
export const UPLOAD_IMAGE_SIDE_MAX_PX = 8000;
export const UPLOAD_IMAGE_PIXELS_MAX = 25_000_000;
export const UPLOAD_ORIGINAL_NAME_MAX_CHARS = 120;
