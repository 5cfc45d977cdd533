/**
 * The BJ's broadcast switch, owner only:
 * - `GET /api/channels/{channelId}/broadcast` → the panel's state `{ channelId, broadcasting, title,
 *   themeId, hasPassword, streamId, startedAt }` (never the password or its hash);
 * - `POST /api/channels/{channelId}/broadcast` `{ on, title?, themeId?, password? }` starts, updates
 *   (`on: true` while live) or stops the channel's live and answers the same state (`streamId`: the
 *   live started, updated or ended). Stopping keeps an open live as a recording (type 2); a password
 *   live leaves none. `themeId` (BROADCAST_THEMES, null = none) is the channel's;
 *   `password` (4-20 characters; '' or null = open) is the current live's, taken only with `on: true`.
 *   A refused input is 400 `bad_request` naming the field and its rule, and writes nothing.
 * The chat room hears `event` broadcast_start / broadcast_update (a running live changed) /
 * broadcast_stop. In development the live plays the local demo stream (an ingest server is outside
 * this product).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { broadcastBody } from '../../../domain/schemas/broadcast.ts';
import { BROADCAST_THEMES } from '../../../domain/enums.ts';
import type { ApiEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { channels, streams } from '../../db/schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from '../../db/seed-streams.ts';
import { hashPassword } from '../../passwords.ts';
import { fail } from '../errors.ts';
import { doc } from '../openapi.ts';
import { body, ids, params } from '../request.ts';
import { me, requireMember } from '../session.ts';
import { channelParam } from './channels.ts';
import { currentLive } from './streams-queries.ts';

/** The shared rules, and the theme's existence, which only the API knows. */
const switchBody = v.pipe(
  broadcastBody,
  v.forward(
    v.partialCheck([['themeId']], ({ themeId }) => themeId == null || BROADCAST_THEMES.some((t) => t.themeId === themeId), 'channel_theme_unknown'),
    ['themeId'],
  ),
);

/** The caller's channel with that id, or the 404/403 answer. */
async function ownChannel(c: Context<ApiEnv>, db: Db, channelId: number) {
  const [ch] = await db.select({ id: channels.id, ownerId: channels.ownerId, title: channels.title }).from(channels).where(eq(channels.id, channelId));
  if (!ch) return fail(c, 'channel_not_found');
  // The code stays `forbidden` (clients branch on it); the words say whose panel it is.
  if (ch.ownerId !== me(c).id) return fail(c, 'forbidden', { messageKey: 'error_not_channel_owner' });
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

interface Switch {
  channelId: number;
  channelTitle: string;
  on: boolean;
  title: string | undefined;
  themeId: number | null | undefined;
  /** undefined = keep the live's password, null = open live. */
  passwordHash: string | null | undefined;
}

/** Starts, updates or ends the live in one transaction; `continued`: a running live changed, not its start. */
async function switchLive(db: Db, { channelId, channelTitle, on, title, themeId, passwordHash }: Switch) {
  const channelSet = { broadcasting: on, ...(title !== undefined ? { title } : {}), ...(themeId !== undefined ? { themeId } : {}) };
  const now = new Date();
  let continued = false;
  const streamId = await db.transaction(async (tx) => {
    // The channel row lock serialises two switches of one channel (two tabs, a double click), so
    // they cannot both see "no live" and start two.
    await tx.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId)).for('update');
    const live = await currentLive(tx, channelId);
    await tx.update(channels).set(channelSet).where(eq(channels.id, channelId));
    if (on) {
      if (live) {
        // A new password binds new viewers only: a live pass (streams-access.ts) names the live, not the
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
          title: title ?? channelTitle,
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
  return { streamId, continued };
}

export const broadcast = new Hono<ApiEnv>()
  .get(
    '/:channelId/broadcast',
    doc({
      tag: 'channels',
      summary: "The broadcast panel's state, for the channel's BJ: { channelId, broadcasting, title, themeId, hasPassword, streamId, startedAt }",
      errors: ['channel_not_found', 'forbidden'],
    }),
    requireMember(),
    channelParam(),
    async (c) => {
      const { db } = c.get('deps').database;
      const { channelId } = c.req.valid('param');
      const ch = await ownChannel(c, db, channelId);
      if (ch instanceof Response) return ch;
      return c.json(await broadcastState(db, channelId));
    },
  )
  .post(
    '/:channelId/broadcast',
    doc({
      tag: 'channels',
      summary: "Starts, updates or ends the channel's live (its BJ only); answers the panel's state with ok: true",
      description:
        "`on: true` starts a live, or updates the running one (same `streamId`); `on: false` ends it and keeps it as a recording, except a password live. `title` 1-100 characters; `themeId` one of `GET /api/guest/themes` or null; `password` 4-20 characters, `''` or null for an open live, only with `on: true`. The chat room hears broadcast_start, broadcast_update or broadcast_stop.",
      errors: ['channel_not_found', 'forbidden'],
    }),
    requireMember(),
    params(ids('channelId'), { invalid: 'bad_request' }),
    body(switchBody, { invalid: 'bad_request' }),
    async (c) => {
      const { db } = c.get('deps').database;
      const { channelId } = c.req.valid('param');
      const { on, themeId, password } = c.req.valid('json');
      const title = c.req.valid('json').title?.trim();
      const ch = await ownChannel(c, db, channelId);
      if (ch instanceof Response) return ch;

      // Hashed before the transaction: argon2 takes a while and must not hold the row locks.
      // undefined = keep the live's password, null = open live.
      const passwordHash = password === undefined ? undefined : password ? await hashPassword(password) : null;
      const { streamId, continued } = await switchLive(db, { channelId, channelTitle: ch.title, on, title, themeId, passwordHash });
      // broadcast_update lets watching pages refresh the title without restarting their player.
      const type = !on ? 'broadcast_stop' : continued ? 'broadcast_update' : 'broadcast_start';
      c.get('deps').chat?.publish({ room: String(channelId), type, data: { channelId, streamId } });
      // streamId: the live started, updated or (on: false) just ended.
      return c.json({ ok: true, ...(await broadcastState(db, channelId)), streamId });
    },
  );
