/**
 * The BJ's broadcast, as the broadcast panel (`POST /api/channels/{id}/broadcast`) and the caster
 * app (`/api/m/channel/config`, `/api/my/channel/start-stream`, `stop-stream`) drive it
 * (docs/INGEST.md "Starting and ending"):
 * - the channel keeps the settings a live starts with: title (its `liveTitle`, never the channel's
 *   own name), theme, adult flags, password;
 * - starting saves them and lets the key publish again; with the self-hosted engine the live goes
 *   on air when video arrives (the media server's callback), with a managed engine (IVS, no
 *   callbacks wired) at once; a running live takes the new title and password;
 * - ending pauses the key (an encoder that keeps retrying cannot start it again), cuts the
 *   encoder and ends the live: a live an encoder fed becomes its recording (endIngestLive), any
 *   other live is kept as it played.
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels, streamKeys } from '../db/schema/index.ts';
import { goOffAir, goOnAir, keepRecording, lockChannel, recordingAsPlayed, updateLive } from '../lives/live-switch.ts';
import { currentLive } from '../lives/streams-queries.ts';
import { ingestStateOf, setKeyPaused, streamKeyState } from './keys.ts';
import { isIngestLive } from '../lives/playback.ts';
import { announce, endIngestLive } from './lifecycle.ts';

export interface BroadcastSettings {
  title?: string;
  /** null = no theme. */
  themeId?: number | null;
  /** The live password's argon2 hash; null = open; undefined = keep. */
  passwordHash?: string | null;
  /** Adult broadcast (the caller checked the BJ's identity verification); false also clears adult-plus. */
  adult?: boolean;
  /** The caster app's output height and minimum fan level, kept and answered back. */
  resolution?: number | null;
  minRatingLevel?: number;
}

export type StartOutcome =
  | { ok: true; streamId: number | null; event: 'broadcast_start' | 'broadcast_update' | null }
  | { ok: false; code: 'stream_key_required' };

/** Writes the settings a live of the channel starts with (inside the caller's transaction). */
export async function saveBroadcastSettings(tx: Db, channelId: number, s: BroadcastSettings): Promise<void> {
  const set = {
    ...(s.title !== undefined ? { liveTitle: s.title } : {}),
    ...(s.themeId !== undefined ? { themeId: s.themeId } : {}),
    ...(s.passwordHash !== undefined ? { livePasswordHash: s.passwordHash } : {}),
    ...(s.adult === true
      ? { adultBroadcast: true }
      : s.adult === false
        ? { adultBroadcast: false, adultPlusBroadcast: false }
        : {}),
    ...(s.resolution !== undefined ? { castResolution: s.resolution } : {}),
    ...(s.minRatingLevel !== undefined ? { minRatingLevel: s.minRatingLevel } : {}),
  };
  if (Object.keys(set).length > 0) await tx.update(channels).set(set).where(eq(channels.id, channelId));
}

/** Starts the channel's broadcast, or changes the running one (see the file's note). */
export async function startBroadcast(
  deps: Deps,
  channelId: number,
  settings: BroadcastSettings,
): Promise<StartOutcome> {
  const { provider } = deps.ingest;
  const { db } = deps.database;
  // A managed engine plays its own URL; read before the transaction (it may ask the engine).
  const managed = provider.announcesPublish
    ? null
    : await provider.playback(db, { streamId: 0, channelId }).catch(() => null);
  const outcome = await db.transaction(async (tx): Promise<StartOutcome> => {
    const channel = await lockChannel(tx, channelId);
    if (!channel) throw new Error(`channel ${channelId} vanished`);
    await saveBroadcastSettings(tx, channelId, settings);
    await tx.update(streamKeys).set({ paused: false }).where(eq(streamKeys.channelId, channelId));
    const live = await currentLive(tx, channelId);
    if (live) {
      await updateLive(tx, live.id, { title: settings.title, passwordHash: settings.passwordHash });
      return { ok: true, streamId: live.id, event: 'broadcast_update' };
    }
    if (provider.announcesPublish) return { ok: true, streamId: null, event: null };
    if (!managed) return { ok: false, code: 'stream_key_required' };
    const saved = {
      ...channel,
      title: settings.title ?? channel.title,
      livePasswordHash: settings.passwordHash !== undefined ? settings.passwordHash : channel.livePasswordHash,
    };
    const started = await goOnAir(
      tx,
      saved,
      () => ({ format: managed.format, url: managed.url, thumbnail: null }),
      new Date(),
    );
    return { ok: true, streamId: started.streamId, event: 'broadcast_start' };
  });
  if (outcome.ok && outcome.event && outcome.streamId !== null)
    deps.chat?.publish({
      room: String(channelId),
      type: outcome.event,
      data: { channelId, streamId: outcome.streamId },
    });
  return outcome;
}

/** Ends the channel's broadcast (see the file's note); the id of the live that ended, or null when none ran. */
export async function stopBroadcast(deps: Deps, channelId: number): Promise<number | null> {
  const { db } = deps.database;
  await setKeyPaused(deps, channelId, true);
  const live = await currentLive(db, channelId);
  if (!live) return null;
  if (await isIngestLive(deps, live.id)) {
    await endIngestLive(deps, { streamId: live.id, channelId });
    return live.id;
  }
  const ended = await db.transaction(async (tx) => {
    await lockChannel(tx, channelId);
    return goOffAir(tx, channelId, new Date());
  });
  if (!ended) return null;
  if (ended.format === 'ivs') await deps.ingest.provider.cutPublisher(db, { streamId: ended.streamId, channelId });
  announce(deps, 'broadcast_stop', channelId, ended.streamId);
  await keepRecording(db, ended, recordingAsPlayed(ended));
  return ended.streamId;
}

/**
 * The broadcast panel's state: the channel's settings (the running live's title and password when
 * on air), the key (masked) and server URL, and whether an encoder pushes now. Never the password,
 * its hash or the key.
 */
export async function broadcastState(deps: Deps, channelId: number) {
  const { db } = deps.database;
  const { provider, graceMs } = deps.ingest;
  const [ch] = await db
    .select({
      title: sql<string>`coalesce(${channels.liveTitle}, ${channels.title})`,
      broadcasting: channels.broadcasting,
      themeId: channels.themeId,
      adult: channels.adultBroadcast,
      livePasswordHash: channels.livePasswordHash,
    })
    .from(channels)
    .where(eq(channels.id, channelId));
  const live = ch!.broadcasting ? await currentLive(db, channelId) : null;
  const key = await streamKeyState(deps, channelId);
  const ingest = live ? await ingestStateOf(deps, live.id) : null;
  return {
    channelId,
    broadcasting: ch!.broadcasting,
    title: live?.title ?? ch!.title,
    themeId: ch!.themeId,
    adult: ch!.adult,
    hasPassword: live ? live.passwordHash != null : ch!.livePasswordHash != null,
    streamId: live?.id ?? null,
    startedAt: live?.startedAt.toISOString() ?? null,
    ingest: {
      engine: provider.engine,
      /** The live goes on air when video arrives (else at the BJ's start). */
      waitsForVideo: provider.announcesPublish,
      serverUrl: key?.serverUrl ?? deps.ingest.mediaServer?.settings.rtmpUrl ?? null,
      key: key && { masked: key.masked, issuedAt: key.issuedAt.toISOString(), issuedVia: key.issuedVia },
      /** Publishes are taken (a key exists and the BJ has not ended the broadcast). */
      accepting: key !== null && !key.paused,
      publishing: ingest?.publishing ?? false,
      disconnectedAt: ingest?.disconnectedAt?.toISOString() ?? null,
      graceMs,
    },
  };
}
