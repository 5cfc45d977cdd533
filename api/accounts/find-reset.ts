/** Setting a new password with the single-use token of find-password (ASVS 7.4.3: every session then ends). */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/refresh-sessions.ts';
import type { SessionChecks } from '../auth/session-checks.ts';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { consumeVerificationToken } from './verification-tokens.ts';

export type PasswordReset = { ok: true } | { ok: false; code: 'invalid_auth_token' };

/**
 * Spends `authToken` and sets `password` for `loginId` in one transaction, then revokes the account's
 * sessions (forgetting the app's remembered checks, `checks`).
 */
export async function resetPassword(
  db: Db,
  checks: SessionChecks,
  loginId: string,
  authToken: string,
  password: string,
): Promise<PasswordReset> {
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  if (!member) return { ok: false, code: 'invalid_auth_token' };
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const used = await consumeVerificationToken(tx as unknown as Db, authToken, {
      purpose: 'password-reset',
      memberId: member.id,
    });
    if (!used) return false;
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    return true;
  });
  if (!done) return { ok: false, code: 'invalid_auth_token' };
  await revokeAllSessions(db, checks, member.id);
  return { ok: true };
}
