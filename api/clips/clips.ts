/**
 * Clips of a live: cut (./cut.ts) from the running live's rewind playlist, kept as an MP4 and a
 * picture on the media origin under the live's id (`clips/{streamId}/{clipId}.mp4|jpg`, domain/media.ts),
 * so the worker's media path checks a clip's playback token exactly as the live's. Who may watch a
 * clip is who may watch its live: an adult channel needs identity verification, a password live its
 * pass (or being its BJ). The channel's BJ and managers may delete one.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clip } from '../../domain/answers/clips.ts';
import { MEDIA_PREFIX } from '../../domain/media.ts';
import type { Deps, SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channelRoles, channels, clips, members, streams } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { isIngestLive } from '../lives/playback.ts';
import { canSeeAdult, isAdultChannel, type ChannelRow } from '../lives/streams-access.ts';
import { channelColumns } from '../lives/streams-queries.ts';
import { cutLastSeconds, removeClipFiles } from './cut.ts';

const CLIP_ID_BYTES = 9;
/** How many clips a channel's list shows. */
export const CHANNEL_CLIPS_LIMIT = 24;

export const newClipId = (): string => randomBytes(CLIP_ID_BYTES).toString('base64url');
export const isClipId = (id: string): boolean => /^[\w-]{12}$/.test(id);

const clipDir = (mediaDir: string, streamId: number) => join(mediaDir, 'clips', String(streamId));

export type CutOutcome = { ok: true; clipId: string } | { ok: false; code: 'clip_unavailable' };

/** Cuts the last `durationS` seconds of the channel's running live `streamId` and keeps it as a clip. */
export async function createClip(
  deps: Deps,
  live: { streamId: number; channelId: number },
  member: SessionMember,
  durationS: number,
  title: string,
): Promise<CutOutcome> {
  const server = deps.ingest.mediaServer;
  // Only lives our own engine carries have media to cut (not the seeded demo lives, not IVS).
  if (!server || !(await isIngestLive(deps, live.streamId))) return { ok: false, code: 'clip_unavailable' };
  const { settings } = server;
  const host = settings.httpBind === '0.0.0.0' ? '127.0.0.1' : settings.httpBind;
  const clipId = newClipId();
  const dir = clipDir(settings.dir, live.streamId);
  const cut = await cutLastSeconds(
    { origin: `http://${host}:${settings.httpPort}`, edgeKey: settings.edgeKey, streamId: live.streamId },
    durationS,
    dir,
    clipId,
  );
  if (!cut.ok) return { ok: false, code: 'clip_unavailable' };
  const base = `${MEDIA_PREFIX}clips/${live.streamId}/${clipId}`;
  try {
    await deps.database.db.insert(clips).values({
      id: clipId,
      channelId: live.channelId,
      streamId: live.streamId,
      createdBy: member.id,
      title,
      durationS: cut.clip.durationS,
      url: `${base}.mp4`,
      thumbUrl: cut.clip.hasThumb ? `${base}.jpg` : null,
    });
  } catch (err) {
    await removeClipFiles(dir, clipId);
    throw err;
  }
  return { ok: true, clipId };
}

const creators = alias(members, 'clip_creators');

function clipRows(db: Db) {
  return db
    .select({
      clip: clips,
      channel: channelColumns,
      passwordHash: streams.passwordHash,
      creator: { loginId: creators.loginId, nickname: creators.nickname },
    })
    .from(clips)
    .innerJoin(channels, eq(channels.id, clips.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .innerJoin(streams, eq(streams.id, clips.streamId))
    .innerJoin(creators, eq(creators.id, clips.createdBy));
}
type ClipRow = Awaited<ReturnType<ReturnType<typeof clipRows>['where']>>[number];

/** Whether `memberId` is the channel's BJ or one of its managers now. */
export async function managesChannel(db: Db, channel: { id: number; ownerId: number }, memberId: number | null) {
  if (memberId === null) return false;
  if (memberId === channel.ownerId) return true;
  const [row] = await db
    .select({ memberId: channelRoles.memberId })
    .from(channelRoles)
    .where(
      and(
        eq(channelRoles.channelId, channel.id),
        eq(channelRoles.memberId, memberId),
        eq(channelRoles.kind, 'manager'),
        or(isNull(channelRoles.until), gt(channelRoles.until, new Date())),
      ),
    );
  return row !== undefined;
}

/** What the caller brings to watch a clip: who they are, and whether they hold the pass of a password live. */
export interface ClipViewer {
  member: SessionMember | null;
  hasPass(stream: { id: number; channelId: number; passwordHash: string | null }): boolean;
  media: MediaUrls;
  /** Makes a media path absolute on the brand's site. */
  absolute(url: string): string;
}

/** Whether the caller may watch the live `row` was cut from (its rules: adult, password). */
export function mayWatch(
  row: { channel: ChannelRow; passwordHash: string | null; clip: { streamId: number; channelId: number } },
  viewer: ClipViewer,
): boolean {
  if (isAdultChannel(row.channel) && !canSeeAdult(viewer.member)) return false;
  if (!row.passwordHash || viewer.member?.id === row.channel.ownerId) return true;
  return viewer.hasPass({ id: row.clip.streamId, channelId: row.clip.channelId, passwordHash: row.passwordHash });
}

function clipAnswer(row: ClipRow, viewer: ClipViewer, canDelete: boolean): Clip {
  const open = mayWatch(row, viewer);
  const signed = (url: string | null) => (url === null ? null : viewer.absolute(viewer.media.sign(url)));
  return {
    clipId: row.clip.id,
    channelId: row.clip.channelId,
    title: open ? row.clip.title : null,
    durationS: row.clip.durationS,
    url: open ? signed(row.clip.url) : null,
    thumbUrl: open ? signed(row.clip.thumbUrl) : null,
    createdAt: row.clip.createdAt.toISOString(),
    createdBy: row.creator,
    locked: !open,
    canDelete,
  };
}

/** One clip as `viewer` may see it, or null when there is none. */
export async function clipOf(db: Db, clipId: string, viewer: ClipViewer): Promise<Clip | null> {
  if (!isClipId(clipId)) return null;
  const [row] = await clipRows(db).where(eq(clips.id, clipId));
  if (!row) return null;
  return clipAnswer(row, viewer, await managesChannel(db, row.channel, viewer.member?.id ?? null));
}

/** The channel's newest clips as `viewer` may see them. */
export async function clipsOfChannel(db: Db, channelId: number, viewer: ClipViewer): Promise<Clip[]> {
  const rows = await clipRows(db)
    .where(eq(clips.channelId, channelId))
    .orderBy(desc(clips.createdAt))
    .limit(CHANNEL_CLIPS_LIMIT);
  if (rows.length === 0) return [];
  const canDelete = await managesChannel(db, rows[0]!.channel, viewer.member?.id ?? null);
  return rows.map((row) => clipAnswer(row, viewer, canDelete));
}

export type DeleteOutcome = { ok: true } | { ok: false; code: 'clip_not_found' | 'not_channel_manager' };

/** Deletes the clip (its row and files) when `memberId` is its channel's BJ or a manager. */
export async function deleteClip(deps: Deps, clipId: string, memberId: number): Promise<DeleteOutcome> {
  const { db } = deps.database;
  if (!isClipId(clipId)) return { ok: false, code: 'clip_not_found' };
  const [row] = await db
    .select({ streamId: clips.streamId, channelId: clips.channelId, ownerId: channels.ownerId })
    .from(clips)
    .innerJoin(channels, eq(channels.id, clips.channelId))
    .where(eq(clips.id, clipId));
  if (!row) return { ok: false, code: 'clip_not_found' };
  if (!(await managesChannel(db, { id: row.channelId, ownerId: row.ownerId }, memberId)))
    return { ok: false, code: 'not_channel_manager' };
  await db.delete(clips).where(eq(clips.id, clipId));
  const dir = deps.ingest.mediaServer?.settings.dir;
  if (dir) await removeClipFiles(clipDir(dir, row.streamId), clipId);
  return { ok: true };
}
