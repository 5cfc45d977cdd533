/**
 * The self-hosted engine: our media server (media/: nginx with the RTMP module, and the HTTP-FLV
 * relay). Keys are ours (hashed in `stream_keys`); the media server asks the API about each
 * publish (api/ingest/media-server-routes.ts); the API cuts a publisher through the media server's loopback control
 * endpoint; recordings become HLS VODs under MEDIA_DIR/vod. Viewers reach all of it through the
 * site's origin: the addresses here are token-free paths under `/media/` (domain/media.ts), signed
 * per caller by the API (api/lives/media-urls.ts) and checked by the worker.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { MEDIA_PREFIX } from '../../../domain/media.ts';
import { INGEST_APP, mediaPaths, SOURCE_VARIANT, type MediaSettings } from '../../../media/settings.ts';
import type { Db } from '../../db/client.ts';
import { liveIngest, streamKeys } from '../../db/schema/index.ts';
import type { IngestProvider, IssuedKey, KeyState, LiveFrame, PlaybackSources, Recording } from './ingest-provider.ts';
import { grabLiveFrame, makeVod } from './recording.ts';
import { hashStreamKey, isStreamKeyShaped, keyHint, maskStreamKey, newStreamKey } from './stream-keys.ts';

const ENGINE = 'self-hosted';

/** A rendition as the master playlist lists it: hls/{id}_{name}/. */
interface Rendition {
  name: string;
  width: number | null;
  height: number | null;
}
const CONTROL_TIMEOUT_MS = 3000;

export class MediaServerIngest implements IngestProvider {
  readonly engine = ENGINE;
  readonly announcesPublish = true;
  readonly settings: MediaSettings;
  private readonly paths: ReturnType<typeof mediaPaths>;

  constructor(settings: MediaSettings) {
    this.settings = settings;
    this.paths = mediaPaths(settings.dir);
  }

  async issueKey(db: Db, channelId: number): Promise<IssuedKey> {
    const streamKey = newStreamKey();
    const issuedAt = new Date();
    const set = {
      engine: ENGINE,
      keyHash: hashStreamKey(streamKey),
      keyHint: keyHint(streamKey),
      issuedAt,
      revokedAt: null,
    };
    await db
      .insert(streamKeys)
      .values({ channelId, ...set })
      .onConflictDoUpdate({ target: streamKeys.channelId, set });
    return { streamKey, masked: maskStreamKey(set.keyHint), serverUrl: this.settings.rtmpUrl, issuedAt };
  }

  async keyState(db: Db, channelId: number): Promise<KeyState | null> {
    const [row] = await db
      .select()
      .from(streamKeys)
      .where(and(eq(streamKeys.channelId, channelId), eq(streamKeys.engine, ENGINE), isNotNull(streamKeys.keyHash)));
    if (!row?.keyHint || !row.issuedAt) return null;
    return { masked: maskStreamKey(row.keyHint), serverUrl: this.settings.rtmpUrl, issuedAt: row.issuedAt };
  }

  async revokeKey(db: Db, channelId: number): Promise<void> {
    await db
      .update(streamKeys)
      .set({ keyHash: null, keyHint: null, revokedAt: new Date() })
      .where(eq(streamKeys.channelId, channelId));
  }

  /** The channel whose current key `key` is, or null (wrong, revoked or replaced key). */
  async channelOfKey(db: Db, key: string): Promise<number | null> {
    if (!isStreamKeyShaped(key)) return null;
    const [row] = await db
      .select({ channelId: streamKeys.channelId })
      .from(streamKeys)
      .where(and(eq(streamKeys.keyHash, hashStreamKey(key)), eq(streamKeys.engine, ENGINE)));
    return row?.channelId ?? null;
  }

  /** The name the media server carries a live under once the API accepted its key: the live's id, never the key. */
  mediaName(streamId: number): string {
    return `${streamId}_${SOURCE_VARIANT}`;
  }

  /** The live's HLS master playlist (token-free, under the site's origin): what its `streams.url` holds. */
  mediaUrl(streamId: number): string {
    return `${MEDIA_PREFIX}hls/${streamId}.m3u8`;
  }

  /**
   * Every rendition of the live, as the ladder supervisor (media/ladder.ts) listed them in the
   * master playlist it writes, the source first here (recorders name it first), then the rungs
   * highest first as the master has them (the master lists the source last); before it exists, the
   * source alone. HTTP-FLV offers the same renditions (`flv/{id}.flv` is the source).
   */
  async playback(db: Db, { streamId }: { streamId: number }): Promise<PlaybackSources> {
    const listed = (await this.renditions(streamId)).sort(
      (a, b) => Number(b.name === SOURCE_VARIANT) - Number(a.name === SOURCE_VARIANT),
    );
    let renditions = listed;
    const source = listed.find((r) => r.name === SOURCE_VARIANT);
    if (source?.height == null) {
      // No master yet (or its source without a size): the height measured on the live's picture.
      const [state] = await db
        .select({ height: liveIngest.videoHeight })
        .from(liveIngest)
        .where(eq(liveIngest.streamId, streamId));
      const height = state?.height ?? null;
      renditions = source
        ? listed.map((r) => (r === source ? { ...r, height } : r))
        : [{ name: SOURCE_VARIANT, width: null, height }, ...listed];
    }
    const master = this.mediaUrl(streamId);
    return {
      format: 'hls',
      url: master,
      hls: {
        master,
        variants: renditions.map((r) => ({
          url: `${MEDIA_PREFIX}hls/${streamId}_${r.name}/index.m3u8`,
          resolution: r.height,
          suffixName: r.name,
        })),
      },
      flv: renditions.map((r) => ({
        url: `${MEDIA_PREFIX}flv/${streamId}${r.name === SOURCE_VARIANT ? '' : `_${r.name}`}.flv`,
        resolution: r.height,
        suffixName: r.name,
      })),
    };
  }

  /** The renditions the live's master playlist lists now (name and height), in its order; none before it is written. */
  private async renditions(streamId: number): Promise<Rendition[]> {
    const text = await readFile(join(this.paths.hls, `${streamId}.m3u8`), 'utf8').catch(() => '');
    const lines = text.split('\n');
    const out: Rendition[] = [];
    lines.forEach((line, i) => {
      if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
      const name = new RegExp(`^${streamId}_([a-z0-9]{1,8})/index\\.m3u8$`).exec(lines[i + 1]?.trim() ?? '')?.[1];
      const size = /RESOLUTION=(\d+)x(\d+)/.exec(line);
      if (name) out.push({ name, width: size ? Number(size[1]) : null, height: size ? Number(size[2]) : null });
    });
    return out;
  }

  /**
   * The live's picture, taken from its lowest rendition (the cheapest to decode, and as large as a
   * card shows it); the size kept is the source's, as recorders read it.
   */
  async liveFrame({ streamId }: { streamId: number }): Promise<LiveFrame | null> {
    const listed = await this.renditions(streamId);
    const sized = listed.filter((r) => r.height !== null).sort((a, b) => a.height! - b.height!);
    const lowest = sized[0]?.name ?? SOURCE_VARIANT;
    const playlist = join(this.paths.hls, `${streamId}_${lowest}`, 'index.m3u8');
    const frame = await grabLiveFrame(playlist, join(this.paths.thumbs, `${streamId}.jpg`));
    if (!frame) return null;
    const source = listed.find((r) => r.name === SOURCE_VARIANT);
    const size = lowest === SOURCE_VARIANT ? frame : { width: source?.width ?? null, height: source?.height ?? null };
    return { thumbnail: `${MEDIA_PREFIX}thumbs/${streamId}.jpg`, ...size };
  }

  async cutPublisher(_db: Db, { streamId }: { streamId: number }): Promise<void> {
    const url = `${this.settings.controlUrl}/control/drop/publisher?app=${INGEST_APP}&name=${encodeURIComponent(this.mediaName(streamId))}`;
    try {
      const res = await fetch(url, {
        headers: { 'x-media-secret': this.settings.secret },
        signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
      });
      if (!res.ok) console.warn(`[ingest] the media server refused to cut live ${streamId}: ${res.status}`);
      await res.body?.cancel();
    } catch (err) {
      console.warn(`[ingest] the media server could not be reached to cut live ${streamId}: ${String(err)}`);
    }
  }

  /** The FLV file nginx records the live into. */
  recordingFile(streamId: number): string {
    return join(this.paths.recordings, `${this.mediaName(streamId)}.flv`);
  }

  async finishRecording({ streamId }: { streamId: number }, keep: boolean): Promise<Recording | null> {
    // The live's HLS goes: a player of an ended live gets 404, not a frozen playlist.
    // The source's folder and every rung's ({id}_720p …), and the same of the rewind playlists
    // (dvr/: docs/INGEST.md "Rewind"), whose hour of fragments would otherwise stay on disk.
    for (const root of [this.paths.hls, this.paths.dvr]) {
      await rm(join(root, `${streamId}.m3u8`), { force: true });
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const name of folders.filter((n) => n.startsWith(`${streamId}_`)))
        await rm(join(root, name), { recursive: true, force: true });
    }
    await rm(join(this.paths.thumbs, `${streamId}.jpg`), { force: true });
    const file = this.recordingFile(streamId);
    if (!keep) {
      await rm(file, { force: true });
      return null;
    }
    const vod = await makeVod(file, join(this.paths.vod, String(streamId)));
    if (!vod) return null;
    const base = `${MEDIA_PREFIX}vod/${streamId}`;
    return {
      url: `${base}/index.m3u8`,
      thumbnail: vod.hasThumbnail ? `${base}/thumb.jpg` : null,
      durationS: vod.durationS,
    };
  }
}
