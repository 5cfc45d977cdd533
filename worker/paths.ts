/** Which kind of traffic a path is: the rules of the worker differ for API calls and pages. */

/** Prefixes forwarded to the platform API (SPEC §7 paths, and the chat socket). */
import { API_PREFIXES } from '../domain/routes.ts';

export const PROXIED_PREFIXES = API_PREFIXES;

export function isProxiedPath(pathname: string): boolean {
  return PROXIED_PREFIXES.some((p) => pathname.startsWith(p));
}

/** A page navigation: a GET or HEAD that is not API, chat or the health probe. */
export function isPageRequest(method: string, pathname: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !isProxiedPath(pathname) && pathname !== '/healthz';
}

/** Policy pages: cacheable by a CDN, so they must not depend on or set per-visitor cookies. */
export function isPolicyPath(pathname: string): boolean {
  return pathname.startsWith('/static/');
}
