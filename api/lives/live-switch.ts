/**
 * Going on and off the air, the one copy of these steps: the BJ's switch (the broadcast panel and
 * the caster app, api/ingest/broadcast.ts) and the media server's callbacks (api/ingest/lifecycle.ts)
 * both run them. Every function but keepRecording runs inside the caller's transaction, which
 * holds the channel's row lock (lockChannel), so two switches of one channel serialise.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channels, streams } from '../db/schema/index.ts';
import { currentLive } from './streams-queries.ts';

export interface LiveSource {
  format: 'hls' | 'ivs' | 'bp_flv';
  url: string;
  thumbnail: string | null;
}

/** The channel as a switch needs it: what a new live starts with. */
export interface LockedChannel {
  id: number;
  /** The title a new live starts with: the one set for the next live, else the channel's name. */
  title: string;
  /** The password a new live starts with (the channel's setting), or null. */
  livePasswordHash: string | null;
}

export interface EndedLive {
  streamId: number;
  channelId: number;
  title: string;
  format: string;
  url: string;
  thumbnail: string | null;
  startedAt: Date;
  endedAt: Date;
  /** A password live leaves no public recording. */
  hadPassword: boolean;
}

/** Locks the channel's row for the rest of the transaction; null when there is no such channel. */
export async function lockChannel(tx: Db, channelId: number): Promise<LockedChannel | null> {
  const [row] = await tx
    .select({
      id: channels.id,
      title: sql<string>`coalesce(${channels.liveTitle}, ${channels.title})`,
      livePasswordHash: channels.livePasswordHash,
    })
    .from(channels)
    .where(eq(channels.id, channelId))
    .for('update');
  return row ?? null;
}

/**
 * Puts the channel on the air with `source` (given the live's id): a live already running goes on
 * under the same id with this source (an encoder reconnecting, or taking over a live the switch
 * started); otherwise a live starts with the channel's title and password. `started`: a new live.
 */
export async function goOnAir(tx: Db, channel: LockedChannel, source: (streamId: number) => LiveSource, now: Date) {
  await tx.update(channels).set({ broadcasting: true }).where(eq(channels.id, channel.id));
  const live = await currentLive(tx, channel.id);
  if (live) {
    const s = source(live.id);
    await tx.update(streams).set({ format: s.format, url: s.url }).where(eq(streams.id, live.id));
    return { streamId: live.id, started: false };
  }
  const [row] = await tx
    .insert(streams)
    .values({
      channelId: channel.id,
      type: 1,
      format: 'hls',
      url: '',
      title: channel.title,
      passwordHash: channel.livePasswordHash,
      startedAt: now,
    })
    .returning({ id: streams.id });
  const s = source(row!.id);
  await tx.update(streams).set({ format: s.format, url: s.url, thumbnail: s.thumbnail }).where(eq(streams.id, row!.id));
  return { streamId: row!.id, started: true };
}

/**
 * Changes the running live `streamId`: its title, and its password (undefined keeps it). A new
 * password binds new viewers only: a live pass (streams-access.ts) names the live, not the
 * password, so viewers who already passed keep watching until the live ends.
 */
export async function updateLive(
  tx: Db,
  streamId: number,
  set: { title?: string; passwordHash?: string | null },
): Promise<void> {
  const liveSet = {
    ...(set.title !== undefined ? { title: set.title } : {}),
    ...(set.passwordHash !== undefined ? { passwordHash: set.passwordHash } : {}),
  };
  if (Object.keys(liveSet).length > 0) await tx.update(streams).set(liveSet).where(eq(streams.id, streamId));
}

/**
 * Ends the channel's running live (only `streamId` when given: nothing when another live runs
 * now); the recording is kept afterwards (keepRecording). Null when nothing was on air.
 */
export async function goOffAir(tx: Db, channelId: number, now: Date, streamId?: number): Promise<EndedLive | null> {
  const live = await currentLive(tx, channelId);
  if (live && streamId !== undefined && live.id !== streamId) return null;
  await tx.update(channels).set({ broadcasting: false }).where(eq(channels.id, channelId));
  await tx
    .update(streams)
    .set({ endedAt: now })
    .where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)));
  if (!live) return null;
  return {
    streamId: live.id,
    channelId,
    title: live.title,
    format: live.format,
    url: live.url,
    thumbnail: live.thumbnail,
    startedAt: live.startedAt,
    endedAt: now,
    hadPassword: live.passwordHash != null,
  };
}

/**
 * Keeps an ended live as a recording (type 2) playing `recording`. A password live was shown only
 * to viewers the BJ chose: a recording would be a public VOD (the recording routes gate adult
 * channels, not passwords), so none is kept and this answers null.
 */
export async function keepRecording(
  db: Db,
  live: EndedLive,
  recording: { format?: string; url: string; thumbnail: string | null; durationS: number },
): Promise<number | null> {
  if (live.hadPassword) return null;
  const [row] = await db
    .insert(streams)
    .values({
      channelId: live.channelId,
      type: 2,
      format: recording.format ?? 'hls',
      url: recording.url,
      thumbnail: recording.thumbnail,
      title: live.title,
      durationS: recording.durationS,
      startedAt: live.startedAt,
      endedAt: live.endedAt,
    })
    .returning({ id: streams.id });
  return row!.id;
}

/** A live without a recording of its own (seeded, or played from a managed engine) kept as it played. */
export function recordingAsPlayed(live: EndedLive) {
  return {
    format: live.format,
    url: live.url,
    thumbnail: live.thumbnail,
    durationS: Math.max(1, Math.round((live.endedAt.getTime() - live.startedAt.getTime()) / 1000)),
  };
}
