import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ApiEnv } from '../../app-env.ts';
import { signAccessToken } from '../../auth/access-token.ts';
import { refreshSession } from '../../auth/refresh-sessions.ts';
import { clearSessionCookies, REFRESH_COOKIE_NAME, setAccessCookie, setRefreshCookie } from '../../auth/session-cookies.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { readBody } from './auth-input.ts';

/**
 * `POST /api/oauth/refresh` (docs/ARCHITECTURE.md "refresh"): form-encoded `refreshToken` (the
 * refresh cookie when the body has none) → 200 `{ ok: true }` with fresh cookies, or 401
 * `invalid_refresh_token` with both cookies cleared.
 */
export const oauth = new Hono<ApiEnv>();

oauth.post('/refresh', async (c) => {
  const deps = c.get('deps');
  const body = await readBody(c);
  const fromBody = body.ok && typeof body.data.refreshToken === 'string' ? body.data.refreshToken : undefined;
  const token = fromBody ?? getCookie(c, REFRESH_COOKIE_NAME) ?? '';
  const outcome = await refreshSession(deps.database.db, token);
  c.header('Cache-Control', 'no-store');
  if (outcome.kind === 'refused') {
    clearSessionCookies(c);
    return c.json(apiErrorBody('invalid_refresh_token'), 401);
  }
  setAccessCookie(c, await signAccessToken(outcome.memberId, outcome.sessionId, deps.config.jwtSecret));
  if (outcome.kind === 'rotated') setRefreshCookie(c, outcome.refreshToken, outcome.loginKeep);
  return c.json({ ok: true });
});
