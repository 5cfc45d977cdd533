import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { SIGNIN_LINK_TOKEN_AGE_MAX_S } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { ACCESS_TOKEN_TTL_S, signAccessToken, verifyAccessToken } from '../auth/access-token.ts';
import { createSession, isSessionRevokedInDb, peekRefreshToken, refreshSession } from '../auth/refresh-sessions.ts';
import {
  clearSessionCookies,
  REFRESH_COOKIE_NAME,
  setAccessCookie,
  setRefreshCookie,
} from '../auth/session-cookies.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { spendSigninToken } from './token-signins.ts';

/** SPEC §7 sends it form-encoded (the worker does); a desktop caster app sends the same field as JSON. */
export const refreshBody = v.object({ refreshToken: v.optional(v.string()) });

/** `POST /api/oauth/token-signin`: the access token of a one-time sign-in link. */
export const tokenSigninBody = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) });

const isJson = (contentType: string | undefined) => /^application\/json\b/i.test(contentType ?? '');

/**
 * `POST /api/oauth/refresh` (docs/ARCHITECTURE.md "refresh"): `refreshToken` (the refresh cookie
 * when the body has none) → 200 `{ ok: true }` with fresh cookies, or 401 `invalid_refresh_token`
 * with both cookies cleared. A caster app (docs/INGEST.md "Caster apps") sends a JSON
 * `{ refreshToken }` and reads `{ access_token }`: only that call gets a token in the body (and
 * no cookie), and its refresh token is not rotated (the app keeps the one it has).
 * `POST /api/oauth/token-signin` `{ token }` turns the access token of a caster app's chat-dock link
 * (`/redirects/signin?token=…`, answered by the worker) into a browser session, once.
 */
export const oauth = new Hono<ApiEnv>()
  .post(
    '/refresh',
    doc({
      tag: 'session',
      summary: 'Renews the session from a refresh token (form-encoded or JSON; else the refresh cookie)',
      description:
        'A token may be reused for a few seconds after it rotated (parallel refreshes all succeed, one rotates); a ' +
        'later reuse revokes the whole family. A JSON body with `refreshToken` (a caster app) answers `{ ' +
        'access_token, token_type, expires_in }` instead of cookies and keeps the refresh token as it is.',
      responses: {
        200:
          '{ ok: true } and a fresh access cookie (and a rotated refresh cookie); for a JSON refreshToken: { ' +
          'access_token, token_type: "Bearer", expires_in }',
      },
      errors: ['invalid_refresh_token'],
    }),
    body(refreshBody, { form: true }),
    async (c) => {
      const deps = c.get('deps');
      const given = c.req.valid('json').refreshToken;
      c.header('Cache-Control', 'no-store');
      if (given !== undefined && isJson(c.req.header('content-type'))) {
        const session = await peekRefreshToken(deps.database.db, deps.sessionChecks, given);
        if (!session) return fail(c, 'invalid_refresh_token');
        const accessToken = await signAccessToken(session.memberId, session.sessionId, deps.config.jwtSecret);
        return c.json({ access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S });
      }
      const token = given ?? getCookie(c, REFRESH_COOKIE_NAME) ?? '';
      const outcome = await refreshSession(deps.database.db, deps.sessionChecks, token);
      if (outcome.kind === 'refused') {
        clearSessionCookies(c);
        return fail(c, 'invalid_refresh_token');
      }
      setAccessCookie(c, await signAccessToken(outcome.memberId, outcome.sessionId, deps.config.jwtSecret));
      if (outcome.kind === 'rotated') setRefreshCookie(c, outcome.refreshToken, outcome.loginKeep);
      return c.json({ ok: true });
    },
  )
  .post(
    '/token-signin',
    doc({
      tag: 'session',
      summary:
        'Signs a browser in with an access token, once (the worker’s /redirects/signin for a caster app’s chat dock)',
      description: `The token must be a valid access token minted at most ${SIGNIN_LINK_TOKEN_AGE_MAX_S / 60} minutes ago whose session is alive; it can be used once. The browser gets a session of its own (cookies; it ends with the browser).`,
      responses: { 200: '{ ok: true } and session cookies' },
      errors: ['signin_link_invalid'],
    }),
    body(tokenSigninBody),
    async (c) => {
      const deps = c.get('deps');
      const { db } = deps.database;
      const { token } = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      const claims = await verifyAccessToken(token, deps.config.jwtSecret);
      const nowS = Math.floor(Date.now() / 1000);
      if (!claims || nowS - claims.iat > SIGNIN_LINK_TOKEN_AGE_MAX_S || (await isSessionRevokedInDb(db, claims.sid)))
        return fail(c, 'signin_link_invalid');
      const memberId = Number(claims.sub);
      if (!(await spendSigninToken(db, token, memberId, new Date(claims.exp * 1000))))
        return fail(c, 'signin_link_invalid');
      const session = await createSession(db, memberId, false, 'caster_dock');
      setAccessCookie(c, await signAccessToken(memberId, session.sessionId, deps.config.jwtSecret));
      setRefreshCookie(c, session.refreshToken, false);
      return c.json({ ok: true });
    },
  );
