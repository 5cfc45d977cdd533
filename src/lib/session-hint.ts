import { COOKIE } from '../../domain/cookies.ts';

/** Name of the non-secret cookie the worker sets while session cookies exist (docs/ARCHITECTURE.md). */
const SESSION_HINT_COOKIE = COOKIE.sessionHint;

const cookieOfPage = () => (typeof document === 'undefined' ? '' : document.cookie);

/** True when the hint cookie says a session exists; tokens themselves are HttpOnly and never read. */
export function hasSessionHint(cookieHeader: string = cookieOfPage()): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/**
 * True once when the worker marked this page's request as the one that found the session dead
 * (`flx_session_ended`, host-only); the mark is deleted here so only this page shows the dialog.
 */
export function takeSessionEndedMark(): boolean {
  if (typeof document === 'undefined') return false;
  const marked = document.cookie.split(';').some((part) => part.trim() === `${COOKIE.sessionEnded}=1`);
  if (marked) document.cookie = `${COOKIE.sessionEnded}=; Max-Age=0; Path=/`;
  return marked;
}
