/** The attributes the worker sets SPEC §3's cookies with (their names are domain/cookies.ts). */
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { COOKIE, NO_ACCESS_TOKEN } from '../domain/cookies.ts';

export { COOKIE, NO_ACCESS_TOKEN, SESSION_ENDED_MARK_TTL_S } from '../domain/cookies.ts';

/** Longest cookie value we read; anything longer is treated as absent. */
const COOKIE_VALUE_LENGTH_MAX = 4096;

/** Base attributes: Path=/, SameSite=Lax, the brand's Domain, Secure on https (RFC 6265bis §4.1.2). */
export function cookieOptions(https: boolean, cookieDomain: string | null, extra: CookieOptions = {}): CookieOptions {
  return {
    path: '/',
    sameSite: 'Lax',
    secure: https,
    ...(cookieDomain ? { domain: cookieDomain } : {}),
    ...extra,
  };
}

/**
 * Reads one cookie from a Cookie header. A name sent twice (a cookie planted on a parent domain
 * beside ours), a value with control characters, or an oversize value counts as absent: we cannot
 * tell which copy is ours, and guessing would let a sibling host pin a session (RFC 6265 §5.4).
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (found !== undefined) return undefined;
    found = part.slice(eq + 1).trim();
  }
  if (found === undefined || found.length === 0 || found.length > COOKIE_VALUE_LENGTH_MAX) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(found)) return undefined;
  return found;
}

/** Replaces (or adds, or with null removes) cookies in a Cookie request header for the upstream call. */
export function withCookies(header: string | null, changes: Record<string, string | null>): string {
  const parts = (header ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !(p.slice(0, Math.max(p.indexOf('='), 0)) in changes));
  for (const [name, value] of Object.entries(changes)) if (value !== null) parts.push(`${name}=${value}`);
  return parts.join('; ');
}

/** Name and value of a Set-Cookie header line. */
export function setCookieNameValue(line: string): { name: string; value: string } {
  const first = line.split(';', 1)[0] ?? '';
  const eq = first.indexOf('=');
  return { name: first.slice(0, eq < 0 ? 0 : eq).trim(), value: eq < 0 ? '' : first.slice(eq + 1).trim() };
}

/**
 * Re-emits an upstream Set-Cookie on the brand: the API sets host-only cookies on its own origin,
 * the browser must get them on the brand's Domain, Secure on https. An upstream Domain is dropped
 * so the API can never widen or move a cookie's scope.
 */
export function rebrandSetCookie(line: string, cookieDomain: string | null, https: boolean): string {
  const [nameValue, ...attrs] = line.split(';');
  const kept = attrs.map((a) => a.trim()).filter((a) => a && !/^domain\s*=/i.test(a));
  if (cookieDomain) kept.push(`Domain=${cookieDomain}`);
  if (https && !kept.some((a) => /^secure$/i.test(a))) kept.push('Secure');
  return [nameValue!.trim(), ...kept].join('; ');
}

/** Whether a request's cookies say somebody is signed in (SPEC §4 "Session"). */
export function hasAccessCookie(cookieHeader: string | null | undefined): boolean {
  for (const name of [COOKIE.access, COOKIE.accessFallback]) {
    const v = readCookie(cookieHeader, name);
    if (v && v !== NO_ACCESS_TOKEN) return true;
  }
  return false;
}

/**
 * The logout flow of SPEC §4: deletes every session cookie with the Domain and Path they were set
 * with (a delete with other attributes leaves the original in the browser).
 */
export function clearSessionCookies(c: Context, cookieDomain: string | null, secure: boolean): void {
  for (const name of [COOKIE.access, COOKIE.refresh, COOKIE.accessFallback, COOKIE.sessionHint]) {
    deleteCookie(c, name, { path: '/', secure, ...(cookieDomain ? { domain: cookieDomain } : {}) });
  }
}
