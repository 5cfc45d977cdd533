/**
 * `/api/m`: calls of the caster apps (docs/INGEST.md "Caster apps"): `GET /api/m/channel/config`
 * reads the channel's broadcast settings as Streamlabs Desktop shows them; `PUT` saves what the
 * next live starts with (before the encoder connects) and lets the key publish again.
 */
import { Hono } from 'hono';
import { casterSettingsBody } from '../../domain/schemas/caster.ts';
import type { ApiEnv } from '../app-env.ts';
import { casterConfig } from './caster-settings.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { requireMember } from '../http/session.ts';
import { startFromCasterApp } from './caster-routes.ts';
import { ownChannel, requireChannelOwner } from '../channels/channel-tools-state.ts';

const CONFIG =
  "{ data: { channelId, themeId, title, resolution, isForAdult (0 | 1), password (always ''), hasPassword, " +
  'minRatingLevel, maxViewerCount } }';

export const m = new Hono<ApiEnv>()
  .get(
    '/api/m/channel/config',
    doc({
      tag: 'my',
      summary: "The channel's broadcast settings, as a caster app reads them",
      description:
        "The password is never answered (only its hash is kept): `password` is '' and `hasPassword` tells whether " +
        'the next live has one.',
      responses: { 200: CONFIG },
      errors: ['not_channel_owner'],
    }),
    requireMember(),
    requireChannelOwner(),
    async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ data: await casterConfig(c.get('deps').database.db, ownChannel(c)) });
    },
  )
  .put(
    '/api/m/channel/config',
    doc({
      tag: 'my',
      summary:
        "Saves a caster app's settings before it goes live: `{ title, theme, resolution, minRatingLevel, password, " +
        'isForAdult }`',
      description:
        'The next live starts with them (a running live takes the new title and password at once), and the key ' +
        "publishes again after a stop. Missing fields keep the channel’s settings; `password` '' or null opens the " +
        "live; `theme` is a `value` or `key` of `GET /api/guest/themes`; `resolution` 720, '720p' or '1280x720'.",
      responses: { 200: CONFIG },
      errors: ['not_channel_owner', 'identity_verification_required', 'stream_key_required'],
    }),
    requireMember(),
    requireChannelOwner(),
    body(casterSettingsBody),
    async (c) => {
      const refused = await startFromCasterApp(c, c.req.valid('json'));
      if (refused) return refused;
      return c.json({ data: await casterConfig(c.get('deps').database.db, ownChannel(c)) });
    },
  );
