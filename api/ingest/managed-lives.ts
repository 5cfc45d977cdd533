/**
 * Lives of a managed engine that does not call us (Amazon IVS): every ingest sweep asks the engine
 * which of its channels are live (`provider.liveStreams`, IVS ListStreams) and follows, with the
 * same steps and the same `live_ingest` state as the media server's callbacks
 * (api/ingest/lifecycle.ts):
 * - a channel live at the engine goes on the air (a new live with the channel's title and password,
 *   or the one the BJ's start already put on the air), chat hears `broadcast_start`; a BJ who ended
 *   the broadcast (a paused key) is cut instead, as the media server refuses such a publish;
 * - a channel no longer live there waits the reconnect grace, then ends (the sweep's own
 *   `sweepIngest`, idempotent across processes).
 * AWS pushes the same facts as EventBridge "IVS Stream State Change" events; polling needs no
 * public endpoint and no AWS-side rule, and costs one ListStreams page (100 streams) per API
 * process per sweep (docs/INGEST.md "Amazon IVS").
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../app-env.ts';
import { liveIngest, streamKeys } from '../db/schema/index.ts';
import { goOnAir, lockChannel } from '../lives/live-switch.ts';
import type { ManagedStream } from '../providers/ingest/ingest-provider.ts';
import { announce } from './lifecycle.ts';

const publisherOf = (stream: ManagedStream) => `managed:${stream.streamId}`;

/** What changed in one pass: lives started or taken over, lives that lost their stream, encoders cut. */
export interface ManagedSync {
  started: number;
  lost: number;
  cut: number;
}

/** One pass over the engine's live streams (nothing for an engine that calls us). */
export async function syncManagedLives(deps: Deps): Promise<ManagedSync> {
  const { provider } = deps.ingest;
  const result: ManagedSync = { started: 0, lost: 0, cut: 0 };
  if (!provider.liveStreams) return result;
  const { db } = deps.database;
  const live = await provider.liveStreams();
  const channels = await db
    .select({ channelId: streamKeys.channelId, engineChannelId: streamKeys.engineChannelId, paused: streamKeys.paused })
    .from(streamKeys)
    .where(and(eq(streamKeys.engine, provider.engine), isNotNull(streamKeys.engineChannelId)));
  const following = await db
    .select({ channelId: liveIngest.channelId, publishing: liveIngest.publishing, publisherId: liveIngest.publisherId })
    .from(liveIngest)
    .where(isNull(liveIngest.endedAt));
  for (const ch of channels) {
    const stream = live.get(ch.engineChannelId!);
    const current = following.find((f) => f.channelId === ch.channelId);
    if (stream && current?.publishing && current.publisherId === publisherOf(stream)) continue;
    if (stream && ch.paused) {
      await provider.cutPublisher(db, { streamId: 0, channelId: ch.channelId });
      result.cut++;
    } else if (stream) {
      if (await streamStarted(deps, ch.channelId, stream)) result.started++;
    } else if (current?.publishing) {
      await db
        .update(liveIngest)
        .set({ publishing: false, publisherId: null, disconnectedAt: new Date() })
        .where(
          and(eq(liveIngest.channelId, ch.channelId), eq(liveIngest.publishing, true), isNull(liveIngest.endedAt)),
        );
      result.lost++;
    }
  }
  return result;
}

/** The channel's stream is live at the engine: on the air (a new live or the running one); whether a live started. */
async function streamStarted(deps: Deps, channelId: number, stream: ManagedStream): Promise<boolean> {
  const { provider } = deps.ingest;
  const { db } = deps.database;
  const source = await provider.playback(db, { streamId: 0, channelId });
  const now = new Date();
  const onAir = await db.transaction(async (tx) => {
    const channel = await lockChannel(tx, channelId);
    if (!channel) return null;
    const started = await goOnAir(
      tx,
      channel,
      () => ({ format: source.format, url: source.url, thumbnail: null }),
      now,
    );
    const state = {
      channelId,
      publishing: true,
      publisherId: publisherOf(stream),
      publishingSince: stream.startedAt ?? now,
      disconnectedAt: null,
      recordingPath: null,
      endedAt: null,
    };
    await tx
      .insert(liveIngest)
      .values({ streamId: started.streamId, ...state })
      .onConflictDoUpdate({ target: liveIngest.streamId, set: state });
    return started;
  });
  if (onAir?.started) announce(deps, 'broadcast_start', channelId, onAir.streamId);
  return onAir?.started ?? false;
}
