/** A member's broadcaster state: their channel, if any, and the SPEC §3 broadcast approval code. */
import { eq } from 'drizzle-orm';
import { BroadcastApproval } from '../../../domain/enums.ts';
import type { Db } from '../../db/client.ts';
import { broadcasterProfiles, channels } from '../../db/schema/index.ts';

export interface BroadcasterState {
  channelId: number | null;
  /** 0 unapplied, 1 requested, 2 approved, 3 rejected; owning a channel means approved. */
  approval: number;
  profile: typeof broadcasterProfiles.$inferSelect | null;
}

export async function broadcasterState(db: Db, memberId: number): Promise<BroadcasterState> {
  const [channel] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, memberId));
  const [profile] = await db.select().from(broadcasterProfiles).where(eq(broadcasterProfiles.memberId, memberId));
  return {
    channelId: channel?.id ?? null,
    approval: channel ? BroadcastApproval.approved : (profile?.approval ?? BroadcastApproval.unapplied),
    profile: profile ?? null,
  };
}
