/**
 * A live fed by an encoder (docs/INGEST.md): on air when the media server accepts a publish, off
 * the air when the encoder has been gone for the reconnect grace (or at once when cut for good),
 * then kept as a recording. The media server's callbacks (api/ingest/media-server-routes.ts) and the sweeper call in
 * here; the steps of going on and off the air are the broadcast switch's (api/lives/live-switch.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { INGEST_SWEEP_INTERVAL_MS } from '../../domain/limits.ts';
import type { Deps } from '../app-env.ts';
import { liveIngest, streamKeys } from '../db/schema/index.ts';
import { goOffAir, goOnAir, keepRecording, lockChannel } from '../lives/live-switch.ts';
import { refreshLiveFrames, watchFirstFrame } from './live-frames.ts';
import { syncManagedLives } from './managed-lives.ts';

export type PublishOutcome =
  | { ok: true; streamId: number; mediaName: string; started: boolean }
  | { ok: false; code: 'stream_key_invalid' | 'stream_key_in_use' | 'stream_paused' };

/** One publishing connection: the media server's connection id and a digest of the key it came with. */
function publisherId(clientId: string, key: string): string {
  return `${clientId}:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

export function announce(
  deps: Deps,
  type: 'broadcast_start' | 'broadcast_stop',
  channelId: number,
  streamId: number,
): void {
  deps.chat?.publish({ room: String(channelId), type, data: { channelId, streamId } });
}

/**
 * The media server's on_publish: `key` may publish when it is a channel's current key, the BJ has
 * not ended their broadcast since (a paused key), and no other connection pushes with it. Accepted,
 * the channel is on air (a new live with the channel's title and password, or the running one when
 * its encoder reconnects within the grace).
 */
export async function acceptPublish(deps: Deps, input: { key: string; clientId: string }): Promise<PublishOutcome> {
  const { mediaServer } = deps.ingest;
  const { db } = deps.database;
  const channelId = mediaServer ? await mediaServer.channelOfKey(db, input.key) : null;
  if (!mediaServer || channelId === null) return { ok: false, code: 'stream_key_invalid' };
  const publisher = publisherId(input.clientId, input.key);
  const now = new Date();
  const outcome = await db.transaction(async (tx): Promise<PublishOutcome> => {
    const channel = await lockChannel(tx, channelId);
    if (!channel) return { ok: false, code: 'stream_key_invalid' };
    const [key] = await tx
      .select({ paused: streamKeys.paused })
      .from(streamKeys)
      .where(eq(streamKeys.channelId, channelId));
    if (key?.paused) return { ok: false, code: 'stream_paused' };
    const [busy] = await tx
      .select({ publisherId: liveIngest.publisherId })
      .from(liveIngest)
      .where(and(eq(liveIngest.channelId, channelId), eq(liveIngest.publishing, true), isNull(liveIngest.endedAt)));
    if (busy && busy.publisherId !== publisher) return { ok: false, code: 'stream_key_in_use' };
    const onAir = await goOnAir(
      tx,
      channel,
      (streamId) => ({ format: 'hls', url: mediaServer.mediaUrl(streamId), thumbnail: null }),
      now,
    );
    const state = {
      channelId,
      publishing: true,
      publisherId: publisher,
      publishingSince: now,
      disconnectedAt: null,
      recordingPath: mediaServer.recordingFile(onAir.streamId),
      endedAt: null,
    };
    await tx
      .insert(liveIngest)
      .values({ streamId: onAir.streamId, ...state })
      .onConflictDoUpdate({ target: liveIngest.streamId, set: state });
    return {
      ok: true,
      streamId: onAir.streamId,
      mediaName: mediaServer.mediaName(onAir.streamId),
      started: onAir.started,
    };
  });
  if (outcome.ok) {
    if (outcome.started) announce(deps, 'broadcast_start', channelId, outcome.streamId);
    watchFirstFrame(deps, { streamId: outcome.streamId, channelId });
  }
  return outcome;
}

/**
 * The media server's on_publish_done: the encoder is gone. The live waits for it the reconnect
 * grace, then ends (a timer here, and the sweeper of every process should this one stop).
 */
export async function publishDone(deps: Deps, input: { key: string; clientId: string }): Promise<void> {
  const { db } = deps.database;
  const publisher = publisherId(input.clientId, input.key);
  const rows = await db
    .update(liveIngest)
    .set({ publishing: false, publisherId: null, disconnectedAt: new Date() })
    .where(and(eq(liveIngest.publisherId, publisher), eq(liveIngest.publishing, true)))
    .returning({ streamId: liveIngest.streamId });
  if (rows.length > 0) sweepAfterGrace(deps);
}

function sweepAfterGrace(deps: Deps): void {
  const timer = setTimeout(
    () => void sweepIngest(deps).catch((err) => console.error('[ingest] sweep:', err)),
    deps.ingest.graceMs + 50,
  );
  timer.unref();
}

/**
 * The media server (re)started: it holds no publisher, so every live still counted as publishing
 * lost its encoder now. Those lives go into their reconnect grace (an encoder that comes back goes
 * on in the same live); returns how many.
 */
export async function mediaServerStarted(deps: Deps): Promise<number> {
  const rows = await deps.database.db
    .update(liveIngest)
    .set({ publishing: false, publisherId: null, disconnectedAt: new Date() })
    .where(and(eq(liveIngest.publishing, true), isNull(liveIngest.endedAt)))
    .returning({ streamId: liveIngest.streamId });
  if (rows.length > 0) sweepAfterGrace(deps);
  return rows.length;
}

/**
 * Ends the live `streamId` of `channelId` now: it goes off the air (when it is still the channel's
 * live), chat hears broadcast_stop, and what was pushed becomes a recording (none for a password
 * live). `graceOnly`: only if its encoder is still away after the grace (the sweeper's case).
 * Returns the recording's stream id, null when none was kept, or undefined when nothing ended.
 */
export async function endIngestLive(
  deps: Deps,
  live: { streamId: number; channelId: number },
  { graceOnly = false } = {},
) {
  const { db } = deps.database;
  const { provider, graceMs } = deps.ingest;
  const now = new Date();
  const ended = await db.transaction(async (tx) => {
    await lockChannel(tx, live.channelId);
    const [state] = await tx.select().from(liveIngest).where(eq(liveIngest.streamId, live.streamId)).for('update');
    if (!state || state.endedAt) return undefined;
    if (
      graceOnly &&
      (state.publishing || !state.disconnectedAt || now.getTime() - state.disconnectedAt.getTime() < graceMs)
    )
      return undefined;
    await tx
      .update(liveIngest)
      .set({ publishing: false, publisherId: null, endedAt: now })
      .where(eq(liveIngest.streamId, live.streamId));
    return goOffAir(tx, live.channelId, now, live.streamId);
  });
  if (ended === undefined) return undefined;
  if (!graceOnly) await provider.cutPublisher(db, live);
  if (ended) announce(deps, 'broadcast_stop', live.channelId, live.streamId);
  const recording = await provider.finishRecording(live, ended ? !ended.hadPassword : false);
  return ended && recording ? await keepRecording(db, ended, recording) : null;
}

/** Ends every live whose encoder has been away longer than the grace. */
export async function sweepIngest(deps: Deps): Promise<void> {
  const { graceMs } = deps.ingest;
  const waiting = await deps.database.db
    .select({ streamId: liveIngest.streamId, channelId: liveIngest.channelId })
    .from(liveIngest)
    .where(
      and(
        eq(liveIngest.publishing, false),
        isNull(liveIngest.endedAt),
        lte(liveIngest.disconnectedAt, new Date(Date.now() - graceMs)),
      ),
    );
  for (const live of waiting) await endIngestLive(deps, live, { graceOnly: true });
}

/**
 * Every INGEST_SWEEP_INTERVAL_MS: follows a managed engine's streams (IVS), ends lives whose grace
 * ran out and takes running lives' pictures when due; returns its stop. Every API process may run it: ending is
 * idempotent, and each picture
 * is claimed by one process.
 */
export function startIngestSweeper(deps: Deps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    Promise.all([syncManagedLives(deps).then(() => sweepIngest(deps)), refreshLiveFrames(deps)])
      .catch((err) => console.error('[ingest] sweep:', err))
      .finally(() => (running = false));
  }, INGEST_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
