import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { signAccessToken } from '../../auth/access-token.ts';
import { refreshSession } from '../../auth/refresh-sessions.ts';
import { clearSessionCookies, REFRESH_COOKIE_NAME, setAccessCookie, setRefreshCookie } from '../../auth/session-cookies.ts';
import { fail } from '../errors.ts';
import { doc } from '../openapi.ts';
import { body } from '../request.ts';

/** SPEC §7 sends it form-encoded (the worker does); a desktop caster app sends the same field as JSON. */
export const refreshBody = v.object({ refreshToken: v.optional(v.string()) });

/**
 * `POST /api/oauth/refresh` (docs/ARCHITECTURE.md "refresh"): `refreshToken` (the refresh cookie
 * when the body has none) → 200 `{ ok: true }` with fresh cookies, or 401 `invalid_refresh_token`
 * with both cookies cleared.
 */
export const oauth = new Hono<ApiEnv>().post(
  '/refresh',
  doc({
    tag: 'session',
    summary: 'Renews the session from a refresh token (form-encoded or JSON; else the refresh cookie)',
    description:
      'A token may be reused for a few seconds after it rotated (parallel refreshes all succeed, one rotates); a later reuse revokes the whole family.',
    responses: { 200: '{ ok: true } and a fresh access cookie (and a rotated refresh cookie)' },
    errors: ['invalid_refresh_token'],
  }),
  body(refreshBody, { form: true }),
  async (c) => {
    const deps = c.get('deps');
    const token = c.req.valid('json').refreshToken ?? getCookie(c, REFRESH_COOKIE_NAME) ?? '';
    const outcome = await refreshSession(deps.database.db, token);
    c.header('Cache-Control', 'no-store');
    if (outcome.kind === 'refused') {
      clearSessionCookies(c);
      return fail(c, 'invalid_refresh_token');
    }
    setAccessCookie(c, await signAccessToken(outcome.memberId, outcome.sessionId, deps.config.jwtSecret));
    if (outcome.kind === 'rotated') setRefreshCookie(c, outcome.refreshToken, outcome.loginKeep);
    return c.json({ ok: true });
  },
);
