/**
 * Where a live plays as its engine serves it: whether an encoder feeds the live (the media server's
 * `live_ingest` row, api/ingest/lifecycle.ts), and the engine's playback sources for it.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../app-env.ts';
import { liveIngest } from '../db/schema/index.ts';
import type { PlaybackSources } from '../providers/ingest/ingest-provider.ts';

/** Whether `streamId` is a live an encoder feeds (so ending it is endIngestLive's job). */
export async function isIngestLive(deps: Deps, streamId: number): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ endedAt: liveIngest.endedAt })
    .from(liveIngest)
    .where(eq(liveIngest.streamId, streamId));
  return row !== undefined && row.endedAt === null;
}

/** Where viewers play the channel's live `streamId` (HLS master, HTTP-FLV, format); token-free (./media-urls.ts). */
export function playbackOf(deps: Deps, live: { streamId: number; channelId: number }): Promise<PlaybackSources> {
  return deps.ingest.provider.playback(deps.database.db, live);
}
