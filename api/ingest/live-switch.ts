/**
 * Going on and off the air for ingest: the steps of the BJ's broadcast switch
 * (api/http/channels/channels-broadcast.ts), which keeps them inline in its handler today.
 * MERGE NOTE: the switch should expose these as functions and both callers use one copy; until
 * then this file holds the few steps ingest needs, written to that shape (docs/INGEST.md
 * "Going on air"). Every function runs inside the caller's transaction, which holds the channel's
 * row lock.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channels, streams } from '../db/schema/index.ts';
import { currentLive } from '../http/channels/streams-queries.ts';

export interface LiveSource {
  format: 'hls' | 'ivs' | 'bp_flv';
  url: string;
  thumbnail: string | null;
}

export interface EndedLive {
  streamId: number;
  channelId: number;
  title: string;
  format: string;
  startedAt: Date;
  endedAt: Date;
  /** A password live leaves no public recording. */
  hadPassword: boolean;
}

/** Locks the channel's row for the rest of the transaction (two switches of one channel serialise). */
export async function lockChannel(tx: Db, channelId: number): Promise<{ id: number; title: string } | null> {
  const [row] = await tx.select({ id: channels.id, title: channels.title }).from(channels).where(eq(channels.id, channelId)).for('update');
  return row ?? null;
}

/**
 * Puts the channel on the air with `source` (given the live's id): a live already running (the
 * panel started it, or the encoder is reconnecting) goes on under the same id with this source;
 * otherwise a live starts with the channel's title.
 */
export async function goOnAir(tx: Db, channel: { id: number; title: string }, source: (streamId: number) => LiveSource, now: Date) {
  await tx.update(channels).set({ broadcasting: true }).where(eq(channels.id, channel.id));
  const live = await currentLive(tx, channel.id);
  if (live) {
    const s = source(live.id);
    await tx.update(streams).set({ format: s.format, url: s.url }).where(eq(streams.id, live.id));
    return { streamId: live.id, started: false };
  }
  const [row] = await tx
    .insert(streams)
    .values({ channelId: channel.id, type: 1, format: 'hls', url: '', title: channel.title, startedAt: now })
    .returning({ id: streams.id });
  const s = source(row!.id);
  await tx.update(streams).set({ format: s.format, url: s.url, thumbnail: s.thumbnail }).where(eq(streams.id, row!.id));
  return { streamId: row!.id, started: true };
}

/** Ends the channel's running live `streamId` (nothing when another live runs now); the recording is kept later (keepRecording). */
export async function goOffAir(tx: Db, channelId: number, streamId: number, now: Date): Promise<EndedLive | null> {
  const live = await currentLive(tx, channelId);
  if (!live || live.id !== streamId) return null;
  await tx.update(channels).set({ broadcasting: false }).where(eq(channels.id, channelId));
  await tx
    .update(streams)
    .set({ endedAt: now })
    .where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)));
  return {
    streamId: live.id,
    channelId,
    title: live.title,
    format: live.format,
    startedAt: live.startedAt,
    endedAt: now,
    hadPassword: live.passwordHash != null,
  };
}

/** Keeps an ended live as a recording (type 2) playing `recording`. */
export async function keepRecording(db: Db, live: EndedLive, recording: { url: string; thumbnail: string | null; durationS: number }) {
  const [row] = await db
    .insert(streams)
    .values({
      channelId: live.channelId,
      type: 2,
      format: 'hls',
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
