/**
 * Who owns a channel, as a gift rush asks it: each app holds one (`deps.channelOwners`, built by
 * api/services.ts), so a hot channel's owner is read once for the app's life.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channels } from '../db/schema/index.ts';

/** How many channels' owners an app keeps (the oldest entry goes first). */
export const CHANNEL_OWNERS_CACHED_MAX = 10_000;

export interface ChannelOwners {
  /** The owner of `channelId`, or null when there is no such channel. */
  of(channelId: number): Promise<number | null>;
}

/** The owners of `db`'s channels, remembered. */
export function createChannelOwners(db: Db): ChannelOwners {
  // A channel's owner never changes (nothing updates channels.owner_id), so a gift rush reads it
  // once, and requests that arrive before that read answered share it.
  const known = new Map<number, Promise<number | null>>();
  return {
    of(channelId) {
      const hit = known.get(channelId);
      if (hit) return hit;
      const read = db
        .select({ ownerId: channels.ownerId })
        .from(channels)
        .where(eq(channels.id, channelId))
        .then(([channel]) => channel?.ownerId ?? null);
      if (known.size >= CHANNEL_OWNERS_CACHED_MAX) known.delete(known.keys().next().value!);
      known.set(channelId, read);
      // Only owners are remembered: a channel that does not exist (yet) or a failed read is asked again.
      const forget = () => known.get(channelId) === read && known.delete(channelId);
      read.then((owner) => owner === null && forget(), forget);
      return read;
    },
  };
}
