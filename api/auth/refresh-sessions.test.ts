import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed.ts';
import { authSessions, members } from '../db/schema/index.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { createSession, isSessionRevokedInDb, REFRESH_GRACE_MS, refreshSession } from './refresh-sessions.ts';
import { SessionChecks } from './session-checks.ts';

let database: Database;
const checks = new SessionChecks();
let memberId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
  [{ id: memberId }] = (await database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, 'viewer01'))) as [{ id: number }];
});
afterAll(() => database.close());

describe('refresh sessions', () => {
  it('rotation, grace inside the window, family revocation after it (clock passed explicitly)', async () => {
    const t0 = new Date('2026-11-22T10:00:00Z');
    const { sessionId, refreshToken } = await createSession(database.db, memberId, true, 'PCWEB', t0);
    const first = await refreshSession(database.db, checks, refreshToken, new Date(t0.getTime() + 1000));
    expect(first.kind).toBe('rotated');
    expect(
      (await refreshSession(database.db, checks, refreshToken, new Date(t0.getTime() + 1000 + REFRESH_GRACE_MS))).kind,
    ).toBe('grace');
    expect(
      (await refreshSession(database.db, checks, refreshToken, new Date(t0.getTime() + 2000 + REFRESH_GRACE_MS))).kind,
    ).toBe('refused');
    expect(await isSessionRevokedInDb(database.db, sessionId, new Date(t0.getTime() + 3000 + REFRESH_GRACE_MS))).toBe(
      true,
    );
    if (first.kind !== 'rotated') throw new Error('unreachable');
    expect(
      (await refreshSession(database.db, checks, first.refreshToken, new Date(t0.getTime() + 4000 + REFRESH_GRACE_MS)))
        .kind,
    ).toBe('refused');
  });

  it('a session past its absolute end refuses refresh and denies its access tokens', async () => {
    const t0 = new Date('2026-11-22T10:00:00Z');
    const { sessionId, refreshToken } = await createSession(database.db, memberId, false, null, t0);
    const [row] = await database.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    const after = new Date(row!.expiresAt.getTime() + 1);
    expect((await refreshSession(database.db, checks, refreshToken, after)).kind).toBe('refused');
    expect(await isSessionRevokedInDb(database.db, sessionId, after)).toBe(true);
  });

  it('a blocked member cannot refresh', async () => {
    const [blocked] = await database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.loginId, 'blocked01'));
    const { refreshToken } = await createSession(database.db, blocked!.id, false, null);
    expect((await refreshSession(database.db, checks, refreshToken)).kind).toBe('refused');
  });
});
