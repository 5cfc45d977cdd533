/**
 * The media server's callbacks (docs/INGEST.md), `/api/ingest/*`: nginx-rtmp asks whether a
 * stream key may publish (`on_publish`: answered before any video is taken; 3xx accepts and
 * renames the stream to the live's id, 403 refuses) and tells when publishing stops
 * (`on_publish_done`). Only the media server may call: it calls from an address of
 * INGEST_CALLBACK_ADDRS (loopback by default), straight and not through the edge worker, with
 * MEDIA_SECRET in the URL.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { demoKeyBody, mediaCallbackBody } from '../../domain/schemas/ingest.ts';
import { INGEST_APP } from '../../media/settings.ts';
import type { ApiEnv } from '../app-env.ts';
import { isDevelopment } from '../config.ts';
import { channelIdOfLogin } from '../lives/streams-queries.ts';
import { issueStreamKey } from './keys.ts';
import { acceptPublish, mediaServerStarted, publishDone } from './lifecycle.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, documented, ERROR_CODES_KEY } from '../http/request.ts';

/** The address the request came from on the socket (never a header a client can write). */
function peerAddress(c: Context<ApiEnv>): string | null {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Only the media server: an allowed peer address, no sign of the edge worker, the shared secret. */
function mediaServerOnly(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function mediaServerOnlyMiddleware(c, next) {
      const { mediaServer, callbackAddresses } = c.get('deps').ingest;
      const peer = peerAddress(c);
      const viaEdge = c.req.header('x-forwarded-for') !== undefined || c.req.header('x-brand') !== undefined;
      const secret = c.req.query('secret') ?? '';
      if (
        !mediaServer ||
        !peer ||
        !callbackAddresses.has(peer) ||
        viaEdge ||
        !sameSecret(secret, mediaServer.settings.secret)
      )
        return fail(c, 'media_server_only');
      await next();
    },
    {
      parameters: [
        { name: 'secret', in: 'query', required: true, description: 'MEDIA_SECRET', schema: { type: 'string' } },
      ],
      [ERROR_CODES_KEY]: ['media_server_only'],
    },
  );
}

export const ingest = new Hono<ApiEnv>()
  .post(
    '/api/ingest/publish',
    doc({
      tag: 'ingest',
      summary: "The media server's on_publish: may this stream key publish?",
      description:
        'Refused (403) for a wrong, replaced or revoked key, while another encoder pushes with the key, and after ' +
        'the BJ ended their broadcast until they start again (`stream_paused`), before any video is taken. ' +
        'Accepted, the channel goes on air and the answer renames the stream to the live’s id (302 Location), so ' +
        'the key never reaches a path.',
      responses: { 302: 'Accepted: Location is the name the live is carried under' },
      errors: ['stream_key_invalid', 'stream_key_in_use', 'stream_paused'],
    }),
    mediaServerOnly(),
    body(mediaCallbackBody, { form: true }),
    async (c) => {
      const input = c.req.valid('json');
      if (input.app !== INGEST_APP) return fail(c, 'stream_key_invalid');
      const outcome = await acceptPublish(c.get('deps'), { key: input.name, clientId: input.clientid });
      if (!outcome.ok) return fail(c, outcome.code);
      return c.body(null, 302, { location: outcome.mediaName });
    },
  )
  .post(
    '/api/ingest/publish-done',
    doc({
      tag: 'ingest',
      summary: "The media server's on_publish_done: an encoder stopped pushing",
      description:
        'The live waits the reconnect grace (INGEST_RECONNECT_GRACE_MS) for its encoder, then ends and becomes a ' +
        'recording.',
      responses: { 200: '{ ok: true }' },
    }),
    mediaServerOnly(),
    body(mediaCallbackBody, { form: true }),
    async (c) => {
      const input = c.req.valid('json');
      if (input.app === INGEST_APP) await publishDone(c.get('deps'), { key: input.name, clientId: input.clientid });
      return c.json({ ok: true });
    },
  )
  .post(
    '/api/ingest/media-server-started',
    doc({
      tag: 'ingest',
      summary: 'The media server (re)started: lives still counted as publishing lost their encoder',
      description:
        'Sent by media/start.ts once nginx answers. Those lives go into their reconnect grace: an encoder that ' +
        'comes back within it goes on in the same live; otherwise the live ends into its recording.',
      responses: { 200: '{ reset: number }' },
    }),
    mediaServerOnly(),
    async (c) => c.json({ reset: await mediaServerStarted(c.get('deps')) }),
  )
  .post(
    '/api/ingest/demo-key',
    doc({
      tag: 'ingest',
      summary: 'Development only: issues a demo member’s stream key for `npm run demo:push`',
      description:
        'Same guard as the callbacks (only a local process that holds MEDIA_SECRET); 404 in production. Replaces ' +
        'the key, as regenerating does.',
      responses: { 200: '{ channelId, streamKey, serverUrl }' },
      errors: ['not_found', 'channel_not_found'],
    }),
    mediaServerOnly(),
    body(demoKeyBody),
    async (c) => {
      const deps = c.get('deps');
      if (!isDevelopment(deps.config)) return fail(c, 'not_found');
      const { loginId } = c.req.valid('json');
      const channelId = await channelIdOfLogin(deps.database.db, loginId);
      if (channelId === null) return fail(c, 'channel_not_found');
      const issued = await issueStreamKey(deps, channelId, 'demo');
      return c.json({ channelId, streamKey: issued.streamKey, serverUrl: issued.serverUrl });
    },
  );
