/**
 * Who is calling: the member behind the access-token cookie, loaded fresh from the database
 * (so a block or a PI change takes effect at once). Routes say what they need:
 * `optionalMember()` sets `member` or null; `requireMember()` answers 401 to guests.
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import type { ApiEnv, SessionMember } from '../app-env.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import { isSessionRevokedInDb } from '../auth/refresh-sessions.ts';
import { members } from '../db/schema/index.ts';

export const ACCESS_COOKIE = 'flx_oauth_access';
/** SPEC §4: this literal value counts as no token. */
export const NO_ACCESS_TOKEN = 'noAccessToken';
/** SPEC §4: the fallback access cookie counts as signed in like the main one. */
export const FALLBACK_ACCESS_COOKIE = 'flx_access_token';

function presentToken(value: string | undefined): string | null {
  return value && value !== NO_ACCESS_TOKEN ? value : null;
}

async function loadMember(c: Parameters<MiddlewareHandler<ApiEnv>>[0]): Promise<SessionMember | null> {
  const token = presentToken(getCookie(c, ACCESS_COOKIE)) ?? presentToken(getCookie(c, FALLBACK_ACCESS_COOKIE));
  if (!token) return null;
  const { config, database, isSessionRevoked } = c.get('deps');
  const claims = await verifyAccessToken(token, config.jwtSecret);
  if (!claims) return null;
  // Logout and password resets revoke the session in the database; deps may supply a faster denylist.
  const revoked = isSessionRevoked ? await isSessionRevoked(claims.sid) : await isSessionRevokedInDb(database.db, claims.sid);
  if (revoked) return null;
  const [row] = await database.db
    .select({
      id: members.id,
      loginId: members.loginId,
      nickname: members.nickname,
      memberType: members.memberType,
      identityVerified: members.identityVerified,
      blocked: members.blocked,
    })
    .from(members)
    .where(eq(members.id, Number(claims.sub)));
  if (!row || row.blocked) return null;
  return {
    id: row.id,
    loginId: row.loginId,
    nickname: row.nickname,
    memberType: row.memberType,
    identityVerified: row.identityVerified,
    sessionId: claims.sid,
  };
}

export function optionalMember(): MiddlewareHandler<ApiEnv> {
  return async function optionalMemberMiddleware(c, next) {
    c.set('member', await loadMember(c));
    await next();
  };
}

export function requireMember(): MiddlewareHandler<ApiEnv> {
  return async function requireMemberMiddleware(c, next) {
    const member = await loadMember(c);
    if (!member) return c.json({ error: 'unauthorized', error_msg: 'Sign in to continue.' }, 401);
    c.set('member', member);
    await next();
  };
}
