/**
 * Sign-in sessions as refresh-token families (docs/ARCHITECTURE.md "refresh"): each refresh rotates
 * the token; the previous one stays usable for REFRESH_GRACE_MS (answering an access token only),
 * so parallel requests of one browser never trip reuse detection; a reuse after that revokes the family.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authSessions, members, refreshTokens } from '../db/schema/index.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';
import type { SessionChecks } from './session-checks.ts';

export const REFRESH_GRACE_MS = 10_000;
export const LOGIN_KEEP_TTL_S = 30 * 24 * 3600;
/** A session-cookie sign-in still ends on the server after a day, whatever the browser does. */
export const SESSION_TTL_S = 24 * 3600;
export const REFRESH_TOKEN_MAX_CHARS = 256;

export interface NewSession {
  sessionId: string;
  refreshToken: string;
}

/** What a sign-in inside the native app records about the device. */
export interface NativeDeviceRecord {
  appType: string | null;
  deviceId: string | null;
  os: string | null;
  appVersion: string | null;
}

export async function createSession(
  db: Db,
  memberId: number,
  loginKeep: boolean,
  device: string | null,
  now = new Date(),
  nativeDevice: NativeDeviceRecord | null = null,
): Promise<NewSession> {
  const sessionId = newOpaqueToken(18);
  const refreshToken = newOpaqueToken();
  const ttl = loginKeep ? LOGIN_KEEP_TTL_S : SESSION_TTL_S;
  await db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      id: sessionId,
      memberId,
      loginKeep,
      device,
      nativeDevice,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttl * 1000),
    });
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId, createdAt: now });
  });
  return { sessionId, refreshToken };
}

export type RefreshOutcome =
  | { kind: 'rotated'; memberId: number; sessionId: string; loginKeep: boolean; refreshToken: string }
  | { kind: 'grace'; memberId: number; sessionId: string }
  | { kind: 'refused' };

interface SessionRow {
  memberId: number;
  loginKeep: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  blocked: boolean;
}

async function liveSession(db: Db, sessionId: string, now: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      memberId: authSessions.memberId,
      loginKeep: authSessions.loginKeep,
      expiresAt: authSessions.expiresAt,
      revokedAt: authSessions.revokedAt,
      blocked: members.blocked,
    })
    .from(authSessions)
    .innerJoin(members, eq(members.id, authSessions.memberId))
    .where(eq(authSessions.id, sessionId));
  if (!row || row.revokedAt || row.blocked || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** Rotates `token`; a reuse past the grace revokes its family and forgets `checks` (the app's). */
export async function refreshSession(
  db: Db,
  checks: SessionChecks,
  token: string,
  now = new Date(),
): Promise<RefreshOutcome> {
  if (!token || token.length > REFRESH_TOKEN_MAX_CHARS) return { kind: 'refused' };
  const tokenHash = hashToken(token);
  // Claim the token atomically: of two concurrent uses exactly one rotates, the other takes the grace path.
  const [claimed] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (claimed) {
    const session = await liveSession(db, claimed.sessionId, now);
    if (!session) return { kind: 'refused' };
    const refreshToken = newOpaqueToken();
    await db
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(refreshToken), sessionId: claimed.sessionId, createdAt: now });
    return {
      kind: 'rotated',
      memberId: session.memberId,
      sessionId: claimed.sessionId,
      loginKeep: session.loginKeep,
      refreshToken,
    };
  }
  const [old] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!old || !old.rotatedAt) return { kind: 'refused' };
  if (now.getTime() - old.rotatedAt.getTime() <= REFRESH_GRACE_MS) {
    const session = await liveSession(db, old.sessionId, now);
    return session ? { kind: 'grace', memberId: session.memberId, sessionId: old.sessionId } : { kind: 'refused' };
  }
  // RFC 9700 §4.14.2: a rotated token used again means it leaked; end the whole family.
  await revokeSession(db, checks, old.sessionId, now);
  return { kind: 'refused' };
}

/**
 * A caster app's refresh (a JSON `{ refreshToken }`, api/accounts/oauth-routes.ts): the app keeps the
 * refresh token it has and asks with it again, so the token is not rotated. A token already
 * rotated (by a browser) follows the same reuse rule as refreshSession: within the grace it still
 * answers, after it the family is revoked. The session's absolute end bounds it either way.
 */
export async function peekRefreshToken(
  db: Db,
  checks: SessionChecks,
  token: string,
  now = new Date(),
): Promise<{ memberId: number; sessionId: string } | null> {
  if (!token || token.length > REFRESH_TOKEN_MAX_CHARS) return null;
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return null;
  if (row.rotatedAt && now.getTime() - row.rotatedAt.getTime() > REFRESH_GRACE_MS) {
    await revokeSession(db, checks, row.sessionId, now);
    return null;
  }
  const session = await liveSession(db, row.sessionId, now);
  return session ? { memberId: session.memberId, sessionId: row.sessionId } : null;
}

/** Ends one session, and forgets the app's remembered checks (`checks`) so hot routes see it at once. */
export async function revokeSession(db: Db, checks: SessionChecks, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  checks.forgetAll();
}

/** Ends every session of a member (password reset, expire), and forgets the app's remembered checks. */
export async function revokeAllSessions(
  db: Db,
  checks: SessionChecks,
  memberId: number,
  now = new Date(),
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.memberId, memberId), isNull(authSessions.revokedAt)));
  checks.forgetAll();
}

/** The family a refresh token belongs to, whatever its state. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | null> {
  if (!token || token.length > REFRESH_TOKEN_MAX_CHARS) return null;
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.sessionId ?? null;
}

/**
 * The denylist behind access tokens: a session revoked or past its absolute end denies its access
 * tokens at once. A session id the table does not know (tokens minted by tests) is not revoked.
 */
export async function isSessionRevokedInDb(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  return (await revokedSessionIds(db, [sessionId], now)).has(sessionId);
}

/** isSessionRevokedInDb() for many sessions in one query: the ids of those revoked or past their end. */
export async function revokedSessionIds(db: Db, sessionIds: readonly string[], now = new Date()): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        inArray(authSessions.id, [...sessionIds]),
        sql`(${authSessions.revokedAt} is not null or ${authSessions.expiresAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
