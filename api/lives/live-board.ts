/** The live board's question: is the BJ with this login id on air? */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channels, members } from '../db/schema/index.ts';

/** The channel of the BJ with `loginId` and whether it is on air; channelId null for no such BJ. */
export async function liveBoardState(
  db: Db,
  loginId: string,
): Promise<{ channelId: number | null; broadcasting: boolean }> {
  const [row] = await db
    .select({ channelId: channels.id, broadcasting: channels.broadcasting })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(members.loginId, loginId));
  return { channelId: row?.channelId ?? null, broadcasting: row?.broadcasting ?? false };
}
