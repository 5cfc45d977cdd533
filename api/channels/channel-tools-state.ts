/**
 * A member's broadcaster state: their channel, if any, and the SPEC §3 broadcast approval code;
 * and the guard of the tools only a channel owner may use.
 */
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { BroadcastApproval } from '../../domain/enums.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { broadcasterProfiles, channels } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { documented, ERROR_CODES_KEY } from '../http/request.ts';
import { me } from '../http/session.ts';

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

/** The member's own channel id, or null when they have none. */
export async function ownChannelId(db: Db, memberId: number): Promise<number | null> {
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, memberId));
  return row?.id ?? null;
}

const ownChannels = new WeakMap<Context, number>();

/**
 * Channel owners only: 403 `not_channel_owner` to a member without a channel, before any input
 * is read. Goes after requireMember(); the handler reads the caller's channel with ownChannel(c).
 */
export function requireChannelOwner(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function requireChannelOwnerMiddleware(c, next) {
      const channelId = await ownChannelId(c.get('deps').database.db, me(c).id);
      if (!channelId) return fail(c, 'not_channel_owner');
      ownChannels.set(c, channelId);
      await next();
    },
    { [ERROR_CODES_KEY]: ['not_channel_owner'] },
  );
}

/** The caller's channel found by requireChannelOwner(); only call behind it. */
export function ownChannel(c: Context): number {
  const channelId = ownChannels.get(c);
  if (channelId === undefined) throw new Error('ownChannel() used on a route without requireChannelOwner()');
  return channelId;
}
