/**
 * A running live's picture and size (recorders read `thumbUrl` and each rendition's `resolution`):
 * taken from its newest segment as soon as one exists after the encoder connects, then every
 * LIVE_THUMB_INTERVAL_MS (30 s: live cards and the channel's share card move), from the lowest
 * rendition the ladder offers (the engine's `liveFrame`); the size kept is the source's. The media
 * origin and the edge keep the picture as long as the interval (media/nginx.conf.template /thumbs/).
 * Each take is claimed by one process (`live_ingest.thumb_at`), so several API processes do not
 * all run ffmpeg for the same live. Recordings keep the picture their VOD was made with.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { LIVE_THUMB_INTERVAL_MS } from '../../domain/limits.ts';
import type { Deps } from '../app-env.ts';
import { liveIngest, streams } from '../db/schema/index.ts';
import type { LiveFrame } from '../providers/ingest/ingest-provider.ts';

const FIRST_FRAME_TRIES = 20;
const FIRST_FRAME_EVERY_MS = 1500;

type Live = { streamId: number; channelId: number };

/** Stores a picture taken of the live: its thumbnail, and the picture's size. */
async function keepFrame(deps: Deps, live: Live, frame: LiveFrame): Promise<void> {
  const { db } = deps.database;
  await db.update(streams).set({ thumbnail: frame.thumbnail }).where(eq(streams.id, live.streamId));
  const size = frame.height !== null ? { videoWidth: frame.width, videoHeight: frame.height } : {};
  await db
    .update(liveIngest)
    .set({ thumbAt: new Date(), ...size })
    .where(eq(liveIngest.streamId, live.streamId));
}

/**
 * Takes the live's picture when the last one is older than the interval (claimed by one process); whether one was
 * taken.
 */
export async function takeLiveFrame(deps: Deps, live: Live): Promise<boolean> {
  const { db } = deps.database;
  const stale = or(isNull(liveIngest.thumbAt), lte(liveIngest.thumbAt, new Date(Date.now() - LIVE_THUMB_INTERVAL_MS)));
  const [claimed] = await db
    .update(liveIngest)
    .set({ thumbAt: new Date() })
    .where(
      and(eq(liveIngest.streamId, live.streamId), eq(liveIngest.publishing, true), isNull(liveIngest.endedAt), stale),
    )
    .returning({ streamId: liveIngest.streamId });
  if (!claimed) return false;
  const frame = await deps.ingest.provider.liveFrame(live);
  if (!frame) {
    // Nothing to take yet (no segment): the next round may try again.
    await db.update(liveIngest).set({ thumbAt: null }).where(eq(liveIngest.streamId, live.streamId));
    return false;
  }
  await keepFrame(deps, live, frame);
  return true;
}

/** The sweeper's round: every publishing live whose picture is due. */
export async function refreshLiveFrames(deps: Deps): Promise<void> {
  if (!deps.ingest.mediaServer) return;
  const due = await deps.database.db
    .select({ streamId: liveIngest.streamId, channelId: liveIngest.channelId })
    .from(liveIngest)
    .where(
      and(
        eq(liveIngest.publishing, true),
        isNull(liveIngest.endedAt),
        or(isNull(liveIngest.thumbAt), lte(liveIngest.thumbAt, new Date(Date.now() - LIVE_THUMB_INTERVAL_MS))),
      ),
    );
  for (const live of due) await takeLiveFrame(deps, live);
}

/**
 * Right after an encoder connects: tries until the first segment gives a picture (a few seconds),
 * so a new live soon has one. It looks at the media only, and touches the database once it has one.
 */
export function watchFirstFrame(deps: Deps, live: Live): void {
  const { mediaServer, provider } = deps.ingest;
  if (!mediaServer) return;
  let tries = 0;
  const attempt = async () => {
    tries += 1;
    const frame = await provider.liveFrame(live);
    if (frame) await keepFrame(deps, live, frame);
    else if (tries < FIRST_FRAME_TRIES) schedule();
  };
  const schedule = () =>
    setTimeout(
      () =>
        void attempt().catch((err) => console.warn(`[ingest] live ${live.streamId}: no picture yet: ${String(err)}`)),
      FIRST_FRAME_EVERY_MS,
    ).unref();
  schedule();
}
