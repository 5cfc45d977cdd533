/** Name of the non-secret cookie the worker sets while session cookies exist (docs/ARCHITECTURE.md). */
export const SESSION_HINT_COOKIE = 'flx_session';

/** True when the hint cookie says a session exists; tokens themselves are HttpOnly and never read. */
export function hasSessionHint(cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}
