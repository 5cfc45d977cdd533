import { COOKIE } from '../../domain/cookies.ts';

/** True when the hint cookie (set by the worker while session cookies exist) says a session exists; tokens themselves are HttpOnly and never read. */
export function hasSessionHint(cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${COOKIE.sessionHint}=1`);
}
