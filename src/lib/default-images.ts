/** Default images of SPEC §2, served from public/ (no remote image is ever loaded). */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';
export const DEFAULT_THUMBNAIL_IMAGE = '/default-thumbnail.svg';
