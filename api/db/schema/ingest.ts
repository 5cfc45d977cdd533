/**
 * Live ingest (docs/INGEST.md): each channel owner's stream key, and the ingest state of each live
 * that an encoder pushed to.
 */
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { streams } from './streams.ts';

/** One key per channel (a channel has one owner). The key itself is never stored. */
export const streamKeys = pgTable(
  'stream_keys',
  {
    channelId: integer('channel_id')
      .primaryKey()
      .references(() => channels.id),
    /** Which engine issued the key: `self-hosted` (our media server) or `ivs`. */
    engine: text('engine').notNull(),
    /** SHA-256 (hex) of the key, self-hosted engine only; null once revoked. */
    keyHash: text('key_hash'),
    /** The key's last characters, for the masked form shown after the first time. */
    keyHint: text('key_hint'),
    /** The managed engine's channel (IVS channel ARN), its ingest endpoint and playback URL. */
    engineChannelId: text('engine_channel_id'),
    engineIngest: text('engine_ingest'),
    enginePlaybackUrl: text('engine_playback_url'),
    /** The managed engine's id of the current key (IVS stream key ARN). */
    engineKeyId: text('engine_key_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** Who asked for the current key: `panel` (the BJ, on the site), `caster_app` (a bearer client) or `demo`. */
    issuedVia: text('issued_via'),
    /**
     * The BJ ended the live: publishes with the key are refused (an encoder retrying forever
     * cannot start it again) until the BJ starts from the panel or the caster app.
     */
    paused: boolean('paused').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stream_keys_hash_idx').on(t.keyHash)],
);

/** A live's ingest state: whether an encoder pushes now, since when, its grace, its recording. */
export const liveIngest = pgTable(
  'live_ingest',
  {
    streamId: integer('stream_id')
      .primaryKey()
      .references(() => streams.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    publishing: boolean('publishing').notNull(),
    /** The media server's id of the connection pushing now (nginx-rtmp `clientid`); null when none. */
    publisherId: text('publisher_id'),
    /** When the current push began. */
    publishingSince: timestamp('publishing_since', { withTimezone: true }),
    /** When the encoder went away: the live ends INGEST_RECONNECT_GRACE_MS later unless it comes back. */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    /** The media server's recording of what was pushed (a file path), when it keeps one. */
    recordingPath: text('recording_path'),
    /** When ingest ended the live (grace over, key cut, BJ stopped); null while it runs. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The picture the encoder sends, measured from the live's newest segment. */
    videoWidth: integer('video_width'),
    videoHeight: integer('video_height'),
    /** When a process last took the live's thumbnail (one process at a time claims it). */
    thumbAt: timestamp('thumb_at', { withTimezone: true }),
  },
  (t) => [
    index('live_ingest_channel_idx').on(t.channelId),
    index('live_ingest_waiting_idx').on(t.publishing, t.disconnectedAt),
  ],
);
