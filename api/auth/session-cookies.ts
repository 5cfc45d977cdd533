/**
 * The token cookies of docs/ARCHITECTURE.md: HttpOnly, SameSite=Lax, Path=/, no Domain (the worker
 * adds the brand's Domain and Secure). Tokens only ever travel in these cookies, never in a body.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { COOKIE } from '../../domain/cookies.ts';
import { ACCESS_TOKEN_TTL_S } from './access-token.ts';
import { LOGIN_KEEP_TTL_S } from './refresh-sessions.ts';

export const ACCESS_COOKIE_NAME = COOKIE.access;
export const REFRESH_COOKIE_NAME = COOKIE.refresh;
/** SPEC §3 fallback access cookie; cleared with the others so a sign-out leaves nothing behind. */
export const FALLBACK_ACCESS_COOKIE_NAME = COOKIE.accessFallback;

const BASE = { httpOnly: true, sameSite: 'Lax', path: '/' } as const;

export function setAccessCookie(c: Context, accessToken: string): void {
  setCookie(c, ACCESS_COOKIE_NAME, accessToken, { ...BASE, maxAge: ACCESS_TOKEN_TTL_S });
}

/** loginKeep → 30 days; otherwise a session cookie that ends with the browser. */
export function setRefreshCookie(c: Context, refreshToken: string, loginKeep: boolean): void {
  setCookie(c, REFRESH_COOKIE_NAME, refreshToken, loginKeep ? { ...BASE, maxAge: LOGIN_KEEP_TTL_S } : BASE);
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, ACCESS_COOKIE_NAME, { path: '/' });
  deleteCookie(c, REFRESH_COOKIE_NAME, { path: '/' });
  deleteCookie(c, FALLBACK_ACCESS_COOKIE_NAME, { path: '/' });
}
