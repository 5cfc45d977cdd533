/** What the guest lookups of sign-up read about members: taken IDs and nicknames, referrers, recommenders. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';

export async function loginIdTaken(db: Db, loginId: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  return Boolean(row);
}

export async function nicknameTaken(db: Db, nickname: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.nickname, nickname));
  return Boolean(row);
}

/** The member of a login ID (blocked ones too), or null. */
export async function memberOfLoginId(
  db: Db,
  loginId: string,
): Promise<{ loginId: string; nickname: string; blocked: boolean } | null> {
  const [row] = await db
    .select({ loginId: members.loginId, nickname: members.nickname, blocked: members.blocked })
    .from(members)
    .where(eq(members.loginId, loginId));
  return row ?? null;
}
