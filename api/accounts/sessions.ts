/** The member's signed-in devices (`GET /api/my/sessions`). */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authSessions } from '../db/schema/index.ts';

/** How many sessions the list shows. */
const SESSION_LIST_MAX = 50;

/**
 * The member's sessions not revoked or expired, newest first; `current` marks `currentSessionId`.
 * Session ids stay on the server.
 */
export async function listSessions(db: Db, memberId: number, currentSessionId: string) {
  const rows = await db
    .select()
    .from(authSessions)
    .where(
      and(eq(authSessions.memberId, memberId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())),
    )
    .orderBy(desc(authSessions.createdAt))
    .limit(SESSION_LIST_MAX);
  return rows.map((s) => ({
    current: s.id === currentSessionId,
    device: s.device,
    nativeDevice: s.nativeDevice ?? null,
    loginKeep: s.loginKeep,
    createdAt: s.createdAt.toISOString(),
  }));
}
