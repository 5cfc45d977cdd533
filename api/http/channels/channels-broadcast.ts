/**
 * The BJ's broadcast switch, owner only:
 * - `GET /api/channels/{channelId}/broadcast` → the panel's state `{ channelId, broadcasting, title,
 *   themeId, hasPassword, streamId, startedAt }` (never the password or its hash);
 * - `POST /api/channels/{channelId}/broadcast` `{ on, title?, themeId?, password? }` starts, updates
 *   (`on: true` while live) or stops the channel's live and answers the same state (`streamId`: the
 *   live started, updated or ended). Stopping keeps an open live as a recording (type 2); a password
 *   live leaves none. `themeId` (BROADCAST_THEMES, null = none) is the channel's;
 *   `password` (4-20 characters; '' or null = open) is the current live's, taken only with `on: true`.
 * The chat room hears `event` broadcast_start / broadcast_update (a running live changed) /
 * broadcast_stop. In development the live plays the local demo stream (an ingest server is outside
 * this product).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { broadcastBody } from '../../../domain/schemas/broadcast.ts';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { channels, streams } from '../../db/schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from '../../db/seed-streams.ts';
import { hashPassword } from '../../passwords.ts';
import { readBody, validate } from '../account/auth-input.ts';
import { BROADCAST_THEMES } from '../guest/guest-extras.ts';
import { requireMember } from '../session.ts';
import { currentLive, parseId } from './streams-queries.ts';

export const broadcast = new Hono<ApiEnv>();

const bad = (c: Context<ApiEnv>, error_msg: string) => c.json({ error: 'bad_request', error_msg }, 400);

/** The caller's channel with that id, or the 404/403 answer. */
async function ownChannel(c: Context<ApiEnv>, db: Db, channelId: number) {
  const [ch] = await db.select({ id: channels.id, ownerId: channels.ownerId, title: channels.title }).from(channels).where(eq(channels.id, channelId));
  if (!ch) return c.json({ error: 'channel_not_found', error_msg: 'No such channel.' }, 404);
  if (ch.ownerId !== c.get('member')!.id) return c.json({ error: 'forbidden', error_msg: 'Only the BJ of this channel can do that.' }, 403);
  return ch;
}

async function broadcastState(db: Db, channelId: number) {
  const [ch] = await db
    .select({ title: channels.title, broadcasting: channels.broadcasting, themeId: channels.themeId })
    .from(channels)
    .where(eq(channels.id, channelId));
  const live = ch!.broadcasting ? await currentLive(db, channelId) : null;
  return {
    channelId,
    broadcasting: ch!.broadcasting,
    title: live?.title ?? ch!.title,
    themeId: ch!.themeId,
    hasPassword: live?.passwordHash != null,
    streamId: live?.id ?? null,
    startedAt: live?.startedAt.toISOString() ?? null,
  };
}

broadcast.get('/:channelId/broadcast', requireMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  if (!channelId) return c.json({ error: 'channel_not_found', error_msg: 'No such channel.' }, 404);
  const ch = await ownChannel(c, db, channelId);
  if (ch instanceof Response) return ch;
  return c.json(await broadcastState(db, channelId));
});

broadcast.post('/:channelId/broadcast', requireMember(), async (c) => {
  const { db } = c.get('deps').database;
  const channelId = parseId(c.req.param('channelId'));
  if (!channelId) return bad(c, 'No such channel id.');
  const raw = await readBody(c);
  if (!raw.ok) return c.json({ error: raw.code, error_msg: 'The body must be a JSON object.' }, raw.status);
  const parsed = validate(broadcastBody, raw.data);
  if (!parsed.ok) return bad(c, parsed.message ?? 'on (boolean) is required.');
  const { on, themeId, password } = parsed.data;
  const title = parsed.data.title?.trim();
  if (themeId != null && !BROADCAST_THEMES.some((t) => t.themeId === themeId)) return bad(c, 'themeId must be one of GET /api/guest/themes, or null.');
  if (!on && password !== undefined) return bad(c, 'password is only taken with on: true (it belongs to a running live).');
  const ch = await ownChannel(c, db, channelId);
  if (ch instanceof Response) return ch;

  // Hashed before the transaction: argon2 takes a while and must not hold the row locks.
  // undefined = keep the live's password, null = open live.
  const passwordHash = password === undefined ? undefined : password ? await hashPassword(password) : null;
  const channelSet = { broadcasting: on, ...(title !== undefined ? { title } : {}), ...(themeId !== undefined ? { themeId } : {}) };
  const now = new Date();
  // `continued`: the switch changed a live that goes on (title, theme, password), not its start.
  let continued = false;
  const streamId = await db.transaction(async (tx) => {
    // The channel row lock serialises two switches of one channel (two tabs, a double click), so
    // they cannot both see "no live" and start two.
    await tx.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId)).for('update');
    const live = await currentLive(tx, channelId);
    await tx.update(channels).set(channelSet).where(eq(channels.id, channelId));
    if (on) {
      if (live) {
        // A new password binds new viewers only: a live pass (live.ts) names the live, not the
        // password, so viewers who already passed live-Auth keep watching until the live ends.
        const liveSet = { ...(title !== undefined ? { title } : {}), ...(passwordHash !== undefined ? { passwordHash } : {}) };
        if (Object.keys(liveSet).length > 0) await tx.update(streams).set(liveSet).where(eq(streams.id, live.id));
        continued = true;
        return live.id;
      }
      const [row] = await tx
        .insert(streams)
        .values({
          channelId,
          type: 1,
          format: 'hls',
          url: DEMO_STREAM_URL,
          thumbnail: DEMO_THUMBNAIL,
          title: title ?? ch.title,
          passwordHash: passwordHash ?? null,
          startedAt: now,
        })
        .returning({ id: streams.id });
      return row!.id;
    }
    await tx
      .update(streams)
      .set({ endedAt: now })
      .where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)));
    if (!live) return null;
    // A password live was shown only to viewers the BJ chose: a recording would be a public VOD
    // (the recording routes gate adult channels, not passwords), so none is kept.
    if (live.passwordHash) return live.id;
    const durationS = Math.max(1, Math.round((now.getTime() - live.startedAt.getTime()) / 1000));
    await tx.insert(streams).values({
      channelId,
      type: 2,
      format: live.format,
      url: live.url,
      thumbnail: live.thumbnail,
      title: live.title,
      durationS,
      startedAt: live.startedAt,
      endedAt: now,
    });
    return live.id;
  });
  // broadcast_update lets watching pages refresh the title without restarting their player.
  const type = !on ? 'broadcast_stop' : continued ? 'broadcast_update' : 'broadcast_start';
  c.get('deps').chat?.publish({ room: String(channelId), type, data: { channelId, streamId } });
  // streamId: the live started, updated or (on: false) just ended, as before this answer grew.
  return c.json({ ok: true, ...(await broadcastState(db, channelId)), streamId });
});
