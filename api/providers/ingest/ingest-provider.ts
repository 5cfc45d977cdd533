/**
 * The ingest engine behind live broadcasting (docs/INGEST.md): where a BJ's encoder sends video,
 * the BJ's stream key, where viewers play a live, and what is left of it afterwards. Two engines:
 * our own media server (media/, self-hosted.ts) and Amazon IVS (ivs.ts), chosen by INGEST_ENGINE.
 */
import type { Db } from '../../db/client.ts';

export type IngestEngine = 'self-hosted' | 'ivs';

/** One rendition of a live, in the shape recorders read (`urlDetail.{hls,flv}.resolution[]`). */
export interface PlaybackVariant {
  url: string;
  /** Picture height in pixels when known. */
  resolution: number | null;
  suffixName: string;
}

/**
 * Where viewers play a live. The self-hosted engine answers token-free paths under `/media/`
 * (domain/media.ts), which the API signs for each caller who may watch; IVS answers its own URLs.
 */
export interface PlaybackSources {
  /** The spec's stream format of the primary source: `hls` (self-hosted) or `ivs`. */
  format: 'hls' | 'ivs';
  /** The primary URL: an HLS master playlist (IVS's playback URL is one too). */
  url: string;
  hls: { master: string; variants: PlaybackVariant[] };
  /** HTTP-FLV renditions (the spec's `bp_flv`, played through mpegts.js); empty where the engine has none. */
  flv: PlaybackVariant[];
}

/** A key as issued: the only answer that holds it in full. */
export interface IssuedKey {
  streamKey: string;
  masked: string;
  /** What the BJ pastes into OBS as the server. */
  serverUrl: string;
  issuedAt: Date;
}

/** A key as shown after it was issued: masked. */
export interface KeyState {
  masked: string;
  serverUrl: string;
  issuedAt: Date;
}

/** A running live's latest picture, and the size of what the encoder sends. */
export interface LiveFrame {
  thumbnail: string;
  width: number | null;
  height: number | null;
}

/** What an ended live leaves to replay. */
export interface Recording {
  /** An HLS VOD playlist. */
  url: string;
  thumbnail: string | null;
  durationS: number;
}

/** A stream a managed engine reports live: its own id for this broadcast, and when it began. */
export interface ManagedStream {
  streamId: string;
  startedAt: Date | null;
}

export interface IngestProvider {
  readonly engine: IngestEngine;
  /**
   * The engine tells the API when an encoder starts and stops (the media server's callbacks): a
   * live then goes on air when video arrives. Without them (IVS, whose EventBridge events are not
   * wired), the BJ's start puts the live on air at once.
   */
  readonly announcesPublish: boolean;
  /**
   * Issues the channel's key, or replaces it: the old key stops working at once (a push running
   * with it is cut by the caller, see api/ingest/keys.ts). The full key is in this answer only.
   */
  issueKey(db: Db, channelId: number): Promise<IssuedKey>;
  /** The channel's key as shown after it was issued, or null when it has none (never issued, revoked). */
  keyState(db: Db, channelId: number): Promise<KeyState | null>;
  /** Revokes the channel's key: nothing is accepted with it any more. */
  revokeKey(db: Db, channelId: number): Promise<void>;
  /** Where viewers play the channel's live `streamId`. */
  playback(db: Db, live: { streamId: number; channelId: number }): Promise<PlaybackSources>;
  /** Cuts the encoder pushing to the live now, if any (resolves either way). */
  cutPublisher(db: Db, live: { streamId: number; channelId: number }): Promise<void>;
  /**
   * Turns an ended live's recording into a VOD (playlist, thumbnail, duration), or null when the
   * engine keeps none here. `keep: false` deletes it instead (a password live leaves no recording).
   */
  finishRecording(live: { streamId: number; channelId: number }, keep: boolean): Promise<Recording | null>;
  /**
   * A managed engine that does not call us (IVS): every stream live now, by the engine's channel id
   * (`stream_keys.engine_channel_id`); the API polls it and follows starts and ends. Absent for an
   * engine that announces publishes itself.
   */
  liveStreams?(): Promise<Map<string, ManagedStream>>;
  /**
   * Takes the running live's latest picture (and measures it), or null when there is none yet or the engine keeps none
   * here.
   */
  liveFrame(live: { streamId: number; channelId: number }): Promise<LiveFrame | null>;
}
