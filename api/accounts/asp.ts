/** Partner (ASP) members: those who signed up through a partner path with an asp_code + userkey pair. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';

/** The member of an aspCode + userkey pair, or null. */
export async function partnerMember(
  db: Db,
  aspCode: string,
  userkey: string,
): Promise<{ id: number; blocked: boolean } | null> {
  const [member] = await db
    .select({ id: members.id, blocked: members.blocked })
    .from(members)
    .where(and(eq(members.aspCode, aspCode), eq(members.aspUserkey, userkey)));
  return member ?? null;
}
