/**
 * Channels and lives: what clients send to the live lookups and what `GET /api/channels/{id}/stream`
 * answers (third-party recorders read it). Ids and paging follow the API's one rule
 * (api/http/request.ts) and are added there.
 */
import * as v from 'valibot';
import { LIVE_AUTH_PASSWORD_LENGTH_MAX, LOGIN_ID_LOOKUP_LENGTH_MAX } from '../limits.ts';

/** The password a viewer types for a protected live (checked against the live's, never stored). */
export const liveAuthPassword = v.pipe(v.string(), v.maxLength(LIVE_AUTH_PASSWORD_LENGTH_MAX));

/** What `GET /api/guest/live-Auth` takes beside `channelId`; the viewer is the caller, never a parameter. */
export const liveAuthFields = {
  password: v.optional(liveAuthPassword, ''),
  viewerId: v.optional(
    v.pipe(v.string(), v.metadata({ description: 'sent by clients; ignored (the pass is bound to the caller)' })),
  ),
  option: v.optional(v.pipe(v.string(), v.metadata({ description: 'sent by clients; ignored' }))),
  aspCode: v.optional(v.pipe(v.string(), v.metadata({ description: 'sent by clients; ignored' }))),
};

/** `POST /v4/api/lives/live-board-check`: whether the BJ with that login id is on air. */
export const liveBoardCheckBody = v.object({
  userId: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(LOGIN_ID_LOOKUP_LENGTH_MAX),
    v.metadata({ description: "the BJ's login id" }),
  ),
  platform: v.optional(v.string()),
  option: v.optional(v.string()),
});

/** One rendition of a live, as recorders read it (`urlDetail.{hls,flv}.resolution[]`). */
const playbackVariant = v.object({
  url: v.pipe(
    v.string(),
    v.metadata({ description: 'absolute URL: an HLS media playlist (hls) or an HTTP-FLV stream (flv)' }),
  ),
  resolution: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer())),
    v.metadata({ description: 'picture height in pixels; null until measured' }),
  ),
  suffixName: v.pipe(
    v.string(),
    v.metadata({
      description: "the rendition's name: src (the encoder's own), or a transcoded rung: 720p, 480p, 360p",
    }),
  ),
});

/**
 * `GET /api/channels/{channelId}/stream?option=all`: the live and where to play it (the site's
 * player, yt-dlp's ttinglive extractor, biliup). Every URL is absolute on the brand's site origin.
 */
export const streamSourcesAnswer = v.object({
  channelId: v.pipe(v.number(), v.integer()),
  streamId: v.pipe(v.number(), v.integer()),
  title: v.string(),
  thumbUrl: v.pipe(
    v.nullable(v.string()),
    v.metadata({ description: "absolute URL of the live's latest picture; null before the first one" }),
  ),
  stream: v.object({
    id: v.pipe(v.number(), v.integer()),
    title: v.string(),
    createdAt: v.pipe(v.string(), v.isoTimestamp(), v.metadata({ description: 'when the live started, ISO 8601' })),
  }),
  owner: v.object({
    id: v.pipe(v.number(), v.integer(), v.metadata({ description: "the BJ's member id" })),
    name: v.pipe(v.string(), v.metadata({ description: "the BJ's nickname" })),
    loginId: v.string(),
  }),
  sources: v.array(
    v.object({
      url: v.pipe(
        v.string(),
        v.metadata({ description: 'HLS master playlist with variants (the IVS playback URL for ivs)' }),
      ),
      format: v.pipe(v.string(), v.metadata({ description: 'hls | bp_flv | ivs' })),
      type: v.pipe(v.number(), v.integer(), v.metadata({ description: '1 live' })),
      urlDetail: v.object({
        hls: v.object({ resolution: v.array(playbackVariant) }),
        flv: v.object({ resolution: v.array(playbackVariant) }),
      }),
    }),
  ),
  expiresAt: v.pipe(
    v.string(),
    v.isoTimestamp(),
    v.metadata({ description: 'the media URLs carry a playback token good until then' }),
  ),
});
export type StreamSourcesAnswer = v.InferOutput<typeof streamSourcesAnswer>;
