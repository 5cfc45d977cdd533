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
  viewerId: v.optional(v.pipe(v.string(), v.metadata({ description: 'sent by clients; ignored (the pass is bound to the caller)' }))),
  option: v.optional(v.pipe(v.string(), v.metadata({ description: 'sent by clients; ignored' }))),
  aspCode: v.optional(v.pipe(v.string(), v.metadata({ description: 'sent by clients; ignored' }))),
};

/** `POST /v4/api/lives/live-board-check`: whether the BJ with that login id is on air. */
export const liveBoardCheckBody = v.object({
  userId: v.pipe(v.string(), v.minLength(1), v.maxLength(LOGIN_ID_LOOKUP_LENGTH_MAX), v.metadata({ description: "the BJ's login id" })),
  platform: v.optional(v.string()),
  option: v.optional(v.string()),
});

/** `GET /api/channels/{channelId}/stream`: the live's sources, each URL absolute on the brand's site. */
export const streamSourcesAnswer = v.object({
  channelId: v.pipe(v.number(), v.integer()),
  streamId: v.pipe(v.number(), v.integer()),
  title: v.string(),
  sources: v.array(
    v.object({
      url: v.pipe(v.string(), v.metadata({ description: "absolute URL on the brand's site origin" })),
      format: v.pipe(v.string(), v.metadata({ description: 'hls | bp_flv | ivs' })),
      type: v.pipe(v.number(), v.integer(), v.metadata({ description: '1 live' })),
    }),
  ),
});
export type StreamSourcesAnswer = v.InferOutput<typeof streamSourcesAnswer>;
