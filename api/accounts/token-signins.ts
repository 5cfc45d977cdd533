/** The access tokens of one-time sign-in links (`POST /api/oauth/token-signin`), each usable once. */
import { lt } from 'drizzle-orm';
import { hashToken } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { tokenSignins } from '../db/schema/index.ts';

/** Marks `token` spent for `memberId` until `expiresAt`; false when it was spent before. */
export async function spendSigninToken(db: Db, token: string, memberId: number, expiresAt: Date): Promise<boolean> {
  // Spent tokens are kept only while they could still be presented.
  await db.delete(tokenSignins).where(lt(tokenSignins.expiresAt, new Date()));
  const [spent] = await db
    .insert(tokenSignins)
    .values({ tokenHash: hashToken(token), memberId, usedAt: new Date(), expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: tokenSignins.tokenHash });
  return Boolean(spent);
}
