/**
 * The channel owner's stream key and the caster app's start and stop (docs/INGEST.md "Caster apps"):
 * - `GET /api/my/channel/stream-key` → `{ url, streamKey }`. A caster app (a bearer token and no
 *   session cookie) gets a freshly issued key each time it asks: the old key stops working and a
 *   push running with it is cut, and the panel says the key went to a caster app. A browser gets
 *   the key masked (`streamKey: null`): a key is shown in full once, when it is issued.
 * - `POST /api/my/channel/stream-key` issues (or regenerates) the key: the panel's "regenerate".
 * - `POST /api/my/channel/start-stream` and `stop-stream`: the app's go-live and stop, the same as
 *   the panel's start and end (api/ingest/broadcast.ts).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { casterSettingsBody } from '../../domain/schemas/caster.ts';
import * as answers from '../../domain/answers/broadcast.ts';
import type { ApiEnv } from '../app-env.ts';
import { broadcastState, startBroadcast, stopBroadcast } from './broadcast.ts';
import { casterSettings } from './caster-settings.ts';
import { issueStreamKey, streamKeyState } from './keys.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { isBearerOnly, me, requireMember } from '../http/session.ts';
import { ownChannel, requireChannelOwner } from '../channels/channel-tools-state.ts';

/**
 * A caster app's settings become the next (or the running) live's: `start-stream` and
 * `PUT /api/m/channel/config` alike. Answers the refusal, or null once the broadcast is set.
 */
export async function startFromCasterApp(
  c: Context<ApiEnv>,
  input: v.InferOutput<typeof casterSettingsBody>,
): Promise<Response | null> {
  if (input.isForAdult && !me(c).identityVerified)
    return fail(c, 'identity_verification_required', { messageKey: 'error_identity_verification_required_adult' });
  const settings = await casterSettings(input);
  if (!settings.ok)
    return fail(c, 'validation_failed', { fields: { field: 'theme' }, messageKey: 'channel_theme_unknown' });
  const started = await startBroadcast(c.get('deps'), ownChannel(c), settings.settings);
  return started.ok ? null : fail(c, started.code);
}

const KEY_ANSWER = '{ url, streamKey, masked, issuedAt, issuedVia }';
const KEY_SCHEMA = { description: KEY_ANSWER, schema: answers.issuedKey };

async function issued(c: Context<ApiEnv>) {
  const via: answers.IssuedKey['issuedVia'] = isBearerOnly(c) ? 'caster_app' : 'panel';
  const key = await issueStreamKey(c.get('deps'), ownChannel(c), via);
  const answer = {
    url: key.serverUrl,
    streamKey: key.streamKey,
    masked: key.masked,
    issuedAt: key.issuedAt.toISOString(),
    issuedVia: via,
  };
  return c.json(answer satisfies answers.IssuedKey);
}

/** The state a start or stop answers: the panel's, which the app ignores. */
const STARTED = {
  description: '{ ok: true, ...the broadcast panel state (GET /api/channels/{channelId}/broadcast) }',
  schema: answers.broadcastSwitched,
};

export const casterRoutes = new Hono<ApiEnv>()
  .get(
    '/channel/stream-key',
    doc({
      tag: 'my',
      summary: 'The RTMP server URL and stream key for the encoder: a caster app gets a fresh key each time it asks',
      description:
        'Called with a bearer token and no session cookie (a caster app such as Streamlabs Desktop), it issues a ' +
        'new key: the previous one stops working at once and a push running with it is cut. Called from a browser, ' +
        '`streamKey` is null and `masked` shows the current key: a key is shown in full only when it is issued ' +
        '(`POST`).',
      responses: { 200: { description: KEY_ANSWER, schema: v.union([answers.issuedKey, answers.maskedKey]) } },
      errors: ['not_channel_owner', 'ingest_unavailable'],
    }),
    requireMember(),
    requireChannelOwner(),
    async (c) => {
      c.header('cache-control', 'no-store');
      if (isBearerOnly(c)) return issued(c);
      const state = await streamKeyState(c.get('deps'), ownChannel(c));
      const url = state?.serverUrl ?? c.get('deps').ingest.mediaServer?.settings.rtmpUrl ?? null;
      return c.json({
        url,
        streamKey: null,
        masked: state?.masked ?? null,
        issuedAt: state?.issuedAt.toISOString() ?? null,
        issuedVia: state?.issuedVia ?? null,
      } satisfies answers.MaskedKey);
    },
  )
  .post(
    '/channel/stream-key',
    doc({
      tag: 'my',
      summary: "Issues the channel's stream key, or regenerates it (the old one stops working and its push is cut)",
      description: 'The only answer that holds the key in full; it is masked everywhere after.',
      responses: { 200: KEY_SCHEMA },
      errors: ['not_channel_owner', 'ingest_unavailable'],
    }),
    requireMember(),
    requireChannelOwner(),
    async (c) => {
      c.header('cache-control', 'no-store');
      return issued(c);
    },
  )
  .post(
    '/channel/start-stream',
    doc({
      tag: 'my',
      summary:
        "A caster app's go-live: `{ title, theme, resolution, minRatingLevel, userAgentType, password, isForAdult }`",
      description:
        'The same as the broadcast panel’s start: the settings become the live’s (a running live takes the new ' +
        'title and password at once), and the key publishes again after a stop. Missing fields keep the channel’s ' +
        "settings; `password` '' or null opens the live; `theme` is a `value` or `key` of `GET /api/guest/themes`.",
      responses: { 200: STARTED },
      errors: ['not_channel_owner', 'identity_verification_required', 'stream_key_required'],
    }),
    requireMember(),
    requireChannelOwner(),
    body(casterSettingsBody),
    async (c) => {
      const refused = await startFromCasterApp(c, c.req.valid('json'));
      if (refused) return refused;
      return c.json({
        ok: true,
        ...(await broadcastState(c.get('deps'), ownChannel(c))),
      } satisfies answers.BroadcastSwitched);
    },
  )
  .post(
    '/channel/stop-stream',
    doc({
      tag: 'my',
      summary:
        "A caster app's stop: the live ends (a recording is kept except for a password live) and the key is refused " +
        'until the next start',
      responses: { 200: STARTED },
      errors: ['not_channel_owner'],
    }),
    requireMember(),
    requireChannelOwner(),
    async (c) => {
      const deps = c.get('deps');
      await stopBroadcast(deps, ownChannel(c));
      return c.json({ ok: true, ...(await broadcastState(deps, ownChannel(c))) } satisfies answers.BroadcastSwitched);
    },
  );
