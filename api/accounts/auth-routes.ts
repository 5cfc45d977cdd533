import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import { revokeAllSessions, revokeSession, sessionOfRefreshToken } from '../auth/refresh-sessions.ts';
import {
  ACCESS_COOKIE_NAME,
  clearSessionCookies,
  FALLBACK_ACCESS_COOKIE_NAME,
  REFRESH_COOKIE_NAME,
} from '../auth/session-cookies.ts';
import { strippedString } from '../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../domain/schemas/texts.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

export const expireBody = v.object({
  loginId: v.pipe(strippedString(FORM_TEXTS.loginIdEmpty), v.nonEmpty(FORM_TEXTS.loginIdEmpty)),
});

const geoAnswer = v.object({ countryCode: v.string(), isKorea: v.boolean() });

/** Session endpoints under `/api/auth`: sign-out, expire, geo-ip. */
export const auth = new Hono<ApiEnv>()
  /**
   * Revokes the refresh family (and so every access token of it), clears the cookies and asks the
   * browser to drop its cookies too (ASVS 7.4.1). Always 200: signing out twice is not an error.
   */
  .post(
    '/signout',
    doc({
      tag: 'session',
      summary: 'Signs out: the session ends and its cookies are cleared (always 200)',
      responses: { 200: '{ ok: true }' },
    }),
    async (c) => {
      const { database, config, sessionChecks } = c.get('deps');
      const sessions = new Set<string>();
      const fromRefresh = await sessionOfRefreshToken(database.db, getCookie(c, REFRESH_COOKIE_NAME) ?? '');
      if (fromRefresh) sessions.add(fromRefresh);
      for (const name of [ACCESS_COOKIE_NAME, FALLBACK_ACCESS_COOKIE_NAME]) {
        const claims = await verifyAccessToken(getCookie(c, name) ?? '', config.jwtSecret);
        if (claims) sessions.add(claims.sid);
      }
      for (const sid of sessions) await revokeSession(database.db, sessionChecks, sid);
      clearSessionCookies(c);
      c.header('Clear-Site-Data', '"cookies"');
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true });
    },
  )
  .post(
    '/expire',
    doc({
      tag: 'session',
      summary: 'Ends every session of the signed-in account ("sign out everywhere"); loginId must be the caller’s own',
      responses: { 200: '{ ok: true }' },
      errors: ['forbidden'],
    }),
    requireMember(),
    body(expireBody, { form: true }),
    async (c) => {
      const member = me(c);
      if (c.req.valid('json').loginId !== member.loginId) return fail(c, 'forbidden');
      const { database, sessionChecks } = c.get('deps');
      await revokeAllSessions(database.db, sessionChecks, member.id);
      clearSessionCookies(c);
      return c.json({ ok: true });
    },
  )
  /** The country from the `cf-ipcountry` header Cloudflare adds at the edge; KR (the home market) without it. */
  .get(
    '/geo-ip',
    doc({
      tag: 'session',
      summary:
        'The caller’s country from the edge’s cf-ipcountry header (KR when absent: no IP database ships with the API)',
      responses: { 200: { description: 'The country', schema: geoAnswer } },
    }),
    (c) => {
      const raw = (c.req.header('cf-ipcountry') ?? '').toUpperCase();
      const countryCode = /^[A-Z]{2}$/.test(raw) && raw !== 'XX' && raw !== 'T1' ? raw : 'KR';
      return c.json({ countryCode, isKorea: countryCode === 'KR' });
    },
  );
