/** Default images of SPEC §2, served from public/ (no remote image is ever loaded). */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';
export const DEFAULT_THUMBNAIL_IMAGE = '/default-thumbnail.svg';

/** The image to show for a profile or thumbnail URL that may be missing. */
export function imageOrDefault(url: string | null | undefined, fallback: string): string {
  return url && url.trim() ? url : fallback;
}
