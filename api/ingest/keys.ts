/**
 * A channel owner's stream key, as the broadcast panel and the caster app see it
 * (docs/INGEST.md): issued (or regenerated) in full once, masked after, revocable. Replacing or
 * revoking a key also cuts a push running with the old one; its live then waits the reconnect
 * grace for the encoder to come back with the new key.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../app-env.ts';
import { liveIngest } from '../db/schema/index.ts';
import type { IssuedKey, KeyState, PlaybackSources } from '../providers/ingest/ingest-provider.ts';
import { ingestOf } from '../providers/ingest/index.ts';

/** Cuts whatever pushes to the channel now. */
async function cutChannel(deps: Deps, channelId: number): Promise<void> {
  const { provider } = ingestOf(deps);
  const { db } = deps.database;
  const running = await db
    .select({ streamId: liveIngest.streamId })
    .from(liveIngest)
    .where(and(eq(liveIngest.channelId, channelId), eq(liveIngest.publishing, true), isNull(liveIngest.endedAt)));
  for (const { streamId } of running) await provider.cutPublisher(db, { streamId, channelId });
}

/** Issues the channel's first key, or regenerates it: the old one stops working and its push is cut. */
export async function issueStreamKey(deps: Deps, channelId: number): Promise<IssuedKey> {
  const issued = await ingestOf(deps).provider.issueKey(deps.database.db, channelId);
  await cutChannel(deps, channelId);
  return issued;
}

/** The key as shown after it was issued (masked, with the server URL), or null when the channel has none. */
export function streamKeyState(deps: Deps, channelId: number): Promise<KeyState | null> {
  return ingestOf(deps).provider.keyState(deps.database.db, channelId);
}

/** Revokes the channel's key and cuts its push. */
export async function revokeStreamKey(deps: Deps, channelId: number): Promise<void> {
  await ingestOf(deps).provider.revokeKey(deps.database.db, channelId);
  await cutChannel(deps, channelId);
}

/** Where viewers play the channel's live `streamId` (HLS master, HTTP-FLV, the format). */
export function playbackOf(deps: Deps, live: { streamId: number; channelId: number }): Promise<PlaybackSources> {
  return ingestOf(deps).provider.playback(deps.database.db, live);
}

/** Whether an encoder pushes to the live now, since when, and when it went away. */
export async function ingestStateOf(deps: Deps, streamId: number) {
  const [row] = await deps.database.db.select().from(liveIngest).where(eq(liveIngest.streamId, streamId));
  if (!row) return null;
  return { publishing: row.publishing, since: row.publishingSince, disconnectedAt: row.disconnectedAt, endedAt: row.endedAt, graceMs: ingestOf(deps).graceMs };
}
