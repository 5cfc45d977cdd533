/**
 * `POST /api/channels/{channelId}/broadcast` `{ on: boolean, title? }`, owner only: starts or stops
 * the channel's live. Stopping ends the live and keeps it as a recording (type 2). The chat room
 * hears `event` broadcast_start / broadcast_stop. In development the live plays the local demo
 * stream (an ingest server is outside this product).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channels, streams } from '../db/schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from '../db/seed-streams.ts';
import { requireMember } from './session.ts';
import { currentLive, loadChannelRow, parseId } from './streams-queries.ts';

const TITLE_LENGTH_MAX = 100;

export const broadcast = new Hono<ApiEnv>();

broadcast.post('/:channelId/broadcast', requireMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  const on = body?.on;
  const title = body?.title;
  if (!channelId || typeof on !== 'boolean' || (title !== undefined && (typeof title !== 'string' || !title.trim() || title.length > TITLE_LENGTH_MAX))) {
    return c.json({ error: 'bad_request', error_msg: 'on (boolean) is required; title is 1-100 characters.' }, 400);
  }
  const ch = await loadChannelRow(db, channelId);
  if (!ch) return c.json({ error: 'channel_not_found', error_msg: 'No such channel.' }, 404);
  if (ch.ownerId !== c.get('member')!.id) return c.json({ error: 'forbidden', error_msg: 'Only the BJ of this channel can do that.' }, 403);

  const now = new Date();
  const streamId = await db.transaction(async (tx) => {
    const live = await currentLive(tx, channelId);
    if (on) {
      await tx.update(channels).set({ broadcasting: true, ...(typeof title === 'string' ? { title: title.trim() } : {}) }).where(eq(channels.id, channelId));
      if (live) return live.id;
      const [row] = await tx
        .insert(streams)
        .values({ channelId, type: 1, format: 'hls', url: DEMO_STREAM_URL, thumbnail: DEMO_THUMBNAIL, title: typeof title === 'string' ? title.trim() : ch.title, startedAt: now })
        .returning({ id: streams.id });
      return row!.id;
    }
    await tx.update(channels).set({ broadcasting: false }).where(eq(channels.id, channelId));
    await tx.update(streams).set({ endedAt: now }).where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)));
    if (!live) return null;
    const durationS = Math.max(1, Math.round((now.getTime() - live.startedAt.getTime()) / 1000));
    await tx.insert(streams).values({ channelId, type: 2, format: live.format, url: live.url, thumbnail: live.thumbnail, title: live.title, durationS, startedAt: live.startedAt, endedAt: now });
    return live.id;
  });
  c.get('deps').chat?.publish({ room: String(channelId), type: on ? 'broadcast_start' : 'broadcast_stop', data: { channelId, streamId } });
  return c.json({ ok: true, channelId, broadcasting: on, streamId });
});
