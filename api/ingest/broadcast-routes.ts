/**
 * The BJ's broadcast switch (the "방송 관리" panel), owner only (docs/INGEST.md "Starting and ending"):
 * - `GET /api/channels/{channelId}/broadcast` → the panel's state (api/ingest/broadcast.ts
 *   broadcastState: settings, live, masked key and server URL, whether an encoder pushes);
 * - `POST /api/channels/{channelId}/broadcast` `{ on, title?, themeId?, password?, adult? }`:
 *   `on: true` saves what the next live starts with and lets the key publish (the live goes on air
 *   when video arrives), or changes the running live; `on: false` ends the live (cutting the
 *   encoder; it becomes a recording, except a password live) and pauses the key until the next
 *   start. A refused input is 400 `bad_request` naming the field and its rule, and writes nothing.
 * The chat room hears broadcast_start / broadcast_update / broadcast_stop as the live changes.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  broadcastState as broadcastStateAnswer,
  broadcastSwitched,
  type BroadcastState,
  type BroadcastSwitched,
} from '../../domain/answers/broadcast.ts';
import { broadcastBody } from '../../domain/schemas/broadcast.ts';
import { BROADCAST_THEMES } from '../../domain/enums.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { broadcastState, startBroadcast, stopBroadcast } from './broadcast.ts';
import { hashPassword } from '../auth/passwords.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { channelParam } from '../channels/channels-routes.ts';
import { channelWithOwner } from '../lives/streams-queries.ts';

/** The shared rules, and the theme's existence, which only the API knows. */
const switchBody = v.pipe(
  broadcastBody,
  v.forward(
    v.partialCheck(
      [['themeId']],
      ({ themeId }) => themeId == null || BROADCAST_THEMES.some((t) => t.themeId === themeId),
      'channel_theme_unknown',
    ),
    ['themeId'],
  ),
);

/** The caller's channel with that id, or the 404/403 answer. */
async function ownChannel(c: Context<ApiEnv>, db: Db, channelId: number) {
  const ch = await channelWithOwner(db, channelId);
  if (!ch) return fail(c, 'channel_not_found');
  // The code stays `forbidden` (clients branch on it); the words say whose panel it is.
  if (ch.ownerId !== me(c).id) return fail(c, 'forbidden', { messageKey: 'error_not_channel_owner' });
  return ch;
}

const STATE =
  '{ channelId, broadcasting, title, themeId, adult, hasPassword, streamId, startedAt, ingest: { engine, ' +
  'waitsForVideo, serverUrl, key: { masked, issuedAt, issuedVia } | null, accepting, publishing, disconnectedAt, ' +
  'graceMs } }';

export const broadcast = new Hono<ApiEnv>()
  .get(
    '/:channelId/broadcast',
    doc({
      tag: 'channels',
      summary: "The broadcast panel's state, for the channel's BJ",
      description: 'Never the password, its hash or the stream key (only its masked form).',
      responses: { 200: { description: STATE, schema: broadcastStateAnswer } },
      errors: ['channel_not_found', 'forbidden'],
    }),
    requireMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const ch = await ownChannel(c, c.get('deps').database.db, channelId);
      if (ch instanceof Response) return ch;
      return c.json((await broadcastState(c.get('deps'), channelId)) satisfies BroadcastState);
    },
  )
  .post(
    '/:channelId/broadcast',
    doc({
      tag: 'channels',
      summary:
        "Starts (or changes) or ends the channel's broadcast (its BJ only); answers the panel's state with ok: true",
      description:
        "`on: true` saves the title, theme (`GET /api/guest/themes` or null), password (4-20 characters, `''` or " +
        'null for an open live; absent keeps it) and `adult` flag the live carries, and lets the stream key ' +
        "publish: with the self-hosted engine the live goes on air when the encoder's video arrives; a running live " +
        'takes the new title and password at once (broadcast_update). `on: false` ends the live (the encoder is ' +
        'cut; a recording is kept except for a password live; broadcast_stop) and refuses the key until the next ' +
        'start. `streamId` is the live changed or ended, null when none.',
      responses: { 200: { description: `{ ok: true, ...${STATE} }`, schema: broadcastSwitched } },
      errors: ['channel_not_found', 'forbidden', 'identity_verification_required', 'stream_key_required'],
    }),
    requireMember(),
    params(ids('channelId'), { invalid: 'bad_request' }),
    body(switchBody, { invalid: 'bad_request' }),
    async (c) => {
      const deps = c.get('deps');
      const { channelId } = c.req.valid('param');
      const { on, themeId, password, adult } = c.req.valid('json');
      const title = c.req.valid('json').title?.trim();
      const ch = await ownChannel(c, deps.database.db, channelId);
      if (ch instanceof Response) return ch;
      if (adult && !me(c).identityVerified)
        return fail(c, 'identity_verification_required', { messageKey: 'error_identity_verification_required_adult' });

      let streamId: number | null;
      if (on) {
        // Hashed before the transaction: argon2 takes a while and must not hold the row locks.
        const passwordHash = password === undefined ? undefined : password ? await hashPassword(password) : null;
        const started = await startBroadcast(deps, channelId, { title, themeId, passwordHash, adult });
        if (!started.ok) return fail(c, started.code);
        streamId = started.streamId;
      } else {
        streamId = await stopBroadcast(deps, channelId);
      }
      return c.json({ ok: true, ...(await broadcastState(deps, channelId)), streamId } satisfies BroadcastSwitched);
    },
  );
