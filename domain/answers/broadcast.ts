/**
 * Answers of the broadcast panel and the encoder's stream key (`/api/channels/{id}/broadcast`,
 * `/api/my/channel/stream-key`; api/ingest/broadcast.ts `broadcastState()`, api/ingest/caster-routes.ts).
 */
import * as v from 'valibot';
import { instant, int } from './fields.ts';

/** Who issued the channel's key: the broadcast panel, a caster app, or the seeded demo. */
const keyIssuer = v.picklist(['panel', 'caster_app', 'demo']);

/** Where the encoder sends video, and whether it does (docs/INGEST.md). */
export const ingestState = v.object({
  engine: v.picklist(['self-hosted', 'ivs']),
  /** The live goes on air when the encoder's video arrives (else at the start). */
  waitsForVideo: v.boolean(),
  /** The server URL for OBS. */
  serverUrl: v.nullable(v.string()),
  key: v.nullable(v.object({ masked: v.string(), issuedAt: instant, issuedVia: v.nullable(keyIssuer) })),
  /** The key publishes (issued, and not paused by an end). */
  accepting: v.boolean(),
  publishing: v.boolean(),
  /** The encoder went away at; the live waits `graceMs` for it. */
  disconnectedAt: v.nullable(instant),
  graceMs: int,
});
export type IngestState = v.InferOutput<typeof ingestState>;

/** `GET /api/channels/{id}/broadcast` (the channel's BJ): never the password, its hash or the key. */
export const broadcastState = v.object({
  channelId: int,
  broadcasting: v.boolean(),
  title: v.string(),
  themeId: v.nullable(int),
  adult: v.boolean(),
  hasPassword: v.boolean(),
  streamId: v.nullable(int),
  startedAt: v.nullable(instant),
  ingest: ingestState,
});
export type BroadcastState = v.InferOutput<typeof broadcastState>;

/**
 * `POST /api/channels/{id}/broadcast` and `POST /api/my/channel/start-stream`: the panel's state
 * after the change; `streamId` is the live changed or ended (null when none).
 */
export const broadcastSwitched = v.object({ ok: v.literal(true), ...broadcastState.entries });
export type BroadcastSwitched = v.InferOutput<typeof broadcastSwitched>;

/** `POST /api/my/channel/stream-key` (and `GET` for a caster app): the key in full, this once. */
export const issuedKey = v.object({
  url: v.string(),
  streamKey: v.string(),
  masked: v.string(),
  issuedAt: instant,
  issuedVia: v.picklist(['panel', 'caster_app']),
});
export type IssuedKey = v.InferOutput<typeof issuedKey>;

/** `GET /api/my/channel/stream-key` from a browser: the key masked, or nulls before one is issued. */
export const maskedKey = v.object({
  url: v.nullable(v.string()),
  streamKey: v.null(),
  masked: v.nullable(v.string()),
  issuedAt: v.nullable(instant),
  issuedVia: v.nullable(keyIssuer),
});
export type MaskedKey = v.InferOutput<typeof maskedKey>;
