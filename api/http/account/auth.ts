import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { verifyAccessToken } from '../../auth/access-token.ts';
import { revokeAllSessions, revokeSession, sessionOfRefreshToken } from '../../auth/refresh-sessions.ts';
import { ACCESS_COOKIE_NAME, clearSessionCookies, FALLBACK_ACCESS_COOKIE_NAME, REFRESH_COOKIE_NAME } from '../../auth/session-cookies.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { strippedString } from '../../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
import { badInput, parseBody } from './auth-input.ts';
import { requireMember } from '../session.ts';

/** Session endpoints under `/api/auth`: sign-out, expire, geo-ip. */
export const auth = new Hono<ApiEnv>();

/**
 * `POST /api/auth/signout`: revokes the refresh family (and so every access token of it), clears
 * the cookies and asks the browser to drop its cookies too (ASVS 7.4.1). Always 200: signing out
 * twice is not an error.
 */
auth.post('/signout', async (c) => {
  const { database, config } = c.get('deps');
  const sessions = new Set<string>();
  const fromRefresh = await sessionOfRefreshToken(database.db, getCookie(c, REFRESH_COOKIE_NAME) ?? '');
  if (fromRefresh) sessions.add(fromRefresh);
  for (const name of [ACCESS_COOKIE_NAME, FALLBACK_ACCESS_COOKIE_NAME]) {
    const claims = await verifyAccessToken(getCookie(c, name) ?? '', config.jwtSecret);
    if (claims) sessions.add(claims.sid);
  }
  for (const sid of sessions) await revokeSession(database.db, sid);
  clearSessionCookies(c);
  c.header('Clear-Site-Data', '"cookies"');
  c.header('Cache-Control', 'no-store');
  return c.json({ ok: true });
});

export const expireBody = v.object({ loginId: v.pipe(strippedString(FORM_TEXTS.loginIdEmpty), v.nonEmpty(FORM_TEXTS.loginIdEmpty)) });

/**
 * `POST /api/auth/expire` {loginId}: ends every session of the signed-in account ("sign out
 * everywhere"). Only the account itself may do it: another loginId answers 403.
 */
auth.post('/expire', requireMember(), async (c) => {
  const parsed = await parseBody(c, expireBody);
  if (!parsed.ok) return badInput(c, parsed);
  const member = c.get('member')!;
  if (parsed.data.loginId !== member.loginId) return c.json(apiErrorBody('forbidden'), 403);
  await revokeAllSessions(c.get('deps').database.db, member.id);
  clearSessionCookies(c);
  return c.json({ ok: true });
});

/**
 * `GET /api/auth/geo-ip`: the caller's country, from the `cf-ipcountry` header Cloudflare adds at
 * the edge; without it (local runs) KR, the home market. No IP database ships with the API.
 */
auth.get('/geo-ip', (c) => {
  const raw = (c.req.header('cf-ipcountry') ?? '').toUpperCase();
  const countryCode = /^[A-Z]{2}$/.test(raw) && raw !== 'XX' && raw !== 'T1' ? raw : 'KR';
  return c.json({ countryCode, isKorea: countryCode === 'KR' });
});
