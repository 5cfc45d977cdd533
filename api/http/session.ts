/**
 * Who is calling: the member behind the access token, loaded fresh from the database once per
 * request (so a block or a PI change takes effect at once); a hot route may opt in to reuse a check
 * up to SESSION_CHECK_REUSE_MS old (api/auth/session-checks.ts). The token comes from the access
 * cookie (browsers, through the worker) or an `Authorization: Bearer` header (caster apps and
 * other native clients, which hold no cookies). Routes say who may call:
 * `optionalMember()` sets `member` or null, `requireMember()` answers 401 to guests,
 * `requireOperator()` 403 to anyone but an operator (member type O).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { inArray } from 'drizzle-orm';
import { COOKIE, NO_ACCESS_TOKEN } from '../../domain/cookies.ts';
import type { ApiEnv, SessionMember } from '../app-env.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import { revokedSessionIds } from '../auth/refresh-sessions.ts';
import type { Db } from '../db/client.ts';
import { coalescedRead } from '../db/coalesce.ts';
import { members } from '../db/schema/index.ts';
import { fail } from './errors.ts';
import { documented, ERROR_CODES_KEY } from './request.ts';

function presentToken(value: string | undefined): string | null {
  return value && value !== NO_ACCESS_TOKEN ? value : null;
}

/** RFC 6750 §2.1: `Authorization: Bearer <token>`. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer[ \t]+([A-Za-z0-9._~+/-]+=*)[ \t]*$/i);
  return match?.[1] ?? null;
}

/**
 * The caller authenticates with an `Authorization: Bearer` token and carries no session cookie (a
 * caster app, not a browser): it holds no ambient credentials, and some answers are for it only
 * (a freshly issued stream key on each `GET /api/my/channel/stream-key`).
 */
export function isBearerOnly(c: Context<ApiEnv>): boolean {
  const cookies = [COOKIE.access, COOKIE.accessFallback, COOKIE.refresh].some(
    (name) => presentToken(getCookie(c, name)) !== null,
  );
  return !cookies && bearerToken(c.req.header('authorization')) !== null;
}

const MEMBER_COLUMNS = {
  id: members.id,
  loginId: members.loginId,
  nickname: members.nickname,
  memberType: members.memberType,
  identityVerified: members.identityVerified,
  blocked: members.blocked,
};

// Requests that arrive together read their callers in one query each (api/db/coalesce.ts).
const readMember = coalescedRead(
  async (db: Db, ids: number[]) =>
    new Map(
      (await db.select(MEMBER_COLUMNS).from(members).where(inArray(members.id, ids))).map((r) => [r.id, r] as const),
    ),
);
const readRevoked = coalescedRead(async (db: Db, sids: string[]) => {
  const revoked = await revokedSessionIds(db, sids);
  return new Map(sids.map((sid) => [sid, revoked.has(sid)]));
});

async function loadMember(c: Context<ApiEnv>, reuseCheck: boolean): Promise<SessionMember | null> {
  const token =
    presentToken(getCookie(c, COOKIE.access)) ??
    presentToken(getCookie(c, COOKIE.accessFallback)) ??
    bearerToken(c.req.header('authorization'));
  if (!token) return null;
  const { config, database, isSessionRevoked, sessionChecks } = c.get('deps');
  const claims = await verifyAccessToken(token, config.jwtSecret);
  if (!claims) return null;
  const recent = reuseCheck ? sessionChecks.recent(token) : undefined;
  if (recent) return recent;
  const since = sessionChecks.generation();
  // Logout and password resets revoke the session in the database; deps may supply a faster denylist.
  const [revoked, row] = await Promise.all([
    isSessionRevoked ? isSessionRevoked(claims.sid) : readRevoked(database.db, claims.sid),
    readMember(database.db, Number(claims.sub)),
  ]);
  if (revoked || !row || row.blocked) return null;
  const member: SessionMember = {
    id: row.id,
    loginId: row.loginId,
    nickname: row.nickname,
    memberType: row.memberType,
    identityVerified: row.identityVerified,
    sessionId: claims.sid,
  };
  sessionChecks.remember(token, member, since);
  return member;
}

/**
 * The caller, loaded at most once per request however many guards ask. `reuseCheck`: a check of the
 * same token made within SESSION_CHECK_REUSE_MS will do (hot routes only: see requireMember()).
 */
export async function memberOf(c: Context<ApiEnv>, reuseCheck = false): Promise<SessionMember | null> {
  let pending = c.get('memberLoad');
  if (!pending) {
    pending = loadMember(c, reuseCheck);
    c.set('memberLoad', pending);
  }
  const member = await pending;
  c.set('member', member);
  return member;
}

/** The caller set by requireMember(); only call behind it. */
export function me(c: Context<ApiEnv>): SessionMember {
  const member = c.get('member');
  if (!member) throw new Error('me() used on a route without requireMember()');
  return member;
}

const SECURITY = [{ accessCookie: [] }, { bearer: [] }];

export function optionalMember(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function optionalMemberMiddleware(c, next) {
      await memberOf(c);
      await next();
    },
    { security: [...SECURITY, {}] },
  );
}

/**
 * Members only (401 to guests). `reuseCheck: true` lets a route that one caller hits many times a
 * second (a gift rush) reuse that caller's session check for up to SESSION_CHECK_REUSE_MS
 * (api/auth/session-checks.ts): a revocation by this app applies at once, one made elsewhere
 * within that time. Every other route checks the database on every request.
 */
export function requireMember({ reuseCheck = false }: { reuseCheck?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  return documented(
    async function requireMemberMiddleware(c, next) {
      if (!(await memberOf(c, reuseCheck))) return fail(c, 'unauthorized');
      await next();
    },
    { security: SECURITY, [ERROR_CODES_KEY]: ['unauthorized'] },
  );
}

/** Operators (member type O) only. */
export function requireOperator(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function requireOperatorMiddleware(c, next) {
      const member = await memberOf(c);
      if (!member) return fail(c, 'unauthorized');
      if (member.memberType !== 'O') return fail(c, 'forbidden');
      await next();
    },
    { security: SECURITY, [ERROR_CODES_KEY]: ['unauthorized', 'forbidden'] },
  );
}
