/**
 * Checks an ID and password in constant work: an unknown ID is verified against a dummy argon2id
 * hash, so status, body and timing do not tell unknown IDs from wrong passwords.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';

let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-unknown-ids-1!');
  return dummyHash;
}

export interface CheckedMember {
  id: number;
  loginId: string;
  nickname: string;
  blocked: boolean;
}

export async function checkCredentials(db: Db, loginId: string, password: string): Promise<CheckedMember | null> {
  const [row] = await db
    .select({
      id: members.id,
      loginId: members.loginId,
      nickname: members.nickname,
      blocked: members.blocked,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .where(eq(members.loginId, loginId));
  const ok = await verifyPassword(row?.passwordHash ?? (await dummy()), password);
  if (!row || !ok) return null;
  return { id: row.id, loginId: row.loginId, nickname: row.nickname, blocked: row.blocked };
}
