/**
 * The answer of `GET /api/channels/{id}/stream?option=all` (domain/schemas/channels.ts
 * streamSourcesAnswer): what the site's player and recorders in the wild read. yt-dlp's
 * ttinglive/FlexTV extractor reads `sources[].format`, `sources[].url` for `ivs` and
 * `sources[].urlDetail.{hls,flv}.resolution[]` for the others, `stream.title`, `stream.createdAt`
 * (ISO 8601), `thumbUrl`, `owner.id` and `owner.name`; biliup reads `title`, `thumbUrl` and
 * `sources[0].url` as an HLS master playlist with variants. Every address is absolute on the
 * brand's site origin, and media addresses are signed for this caller (api/lives/media-urls.ts).
 */
import type { Deps } from '../app-env.ts';
import { DEMO_MASTER_URL, DEMO_STREAM_HEIGHT, DEMO_STREAM_URL } from '../db/seed-streams.ts';
import { isIngestLive, playbackOf } from './playback.ts';
import type { MediaUrls } from './media-urls.ts';
import type { PlaybackSources, PlaybackVariant } from '../providers/ingest/ingest-provider.ts';
import type { ChannelRow, StreamRow } from './streams-access.ts';

const SOURCE = 'src';

/** Where a live plays, as stored (token-free, maybe relative). */
async function sourcesOf(deps: Deps, live: StreamRow): Promise<PlaybackSources> {
  if (await isIngestLive(deps, live.id)) return playbackOf(deps, { streamId: live.id, channelId: live.channelId });
  // The seeded demo lives loop a local media playlist: recorders get a master over it.
  if (live.url === DEMO_STREAM_URL) {
    const variants = [{ url: DEMO_STREAM_URL, resolution: DEMO_STREAM_HEIGHT, suffixName: SOURCE }];
    return { format: 'hls', url: DEMO_MASTER_URL, hls: { master: DEMO_MASTER_URL, variants }, flv: [] };
  }
  // A managed engine's playback URL (IVS) is its own master playlist.
  return {
    format: live.format === 'ivs' ? 'ivs' : 'hls',
    url: live.url,
    hls: { master: live.url, variants: [] },
    flv: [],
  };
}

export async function streamAnswer(deps: Deps, ch: ChannelRow, live: StreamRow, media: MediaUrls, origin: string) {
  const absolute = (url: string) => new URL(media.sign(url), origin).toString();
  const variants = (list: PlaybackVariant[]) =>
    list.map((v) => ({ url: absolute(v.url), resolution: v.resolution, suffixName: v.suffixName }));
  const sources = await sourcesOf(deps, live);
  return {
    channelId: ch.id,
    streamId: live.id,
    title: live.title,
    thumbUrl: live.thumbnail ? absolute(live.thumbnail) : null,
    stream: { id: live.id, title: live.title, createdAt: live.startedAt.toISOString() },
    owner: { id: ch.ownerId, name: ch.nickname, loginId: ch.loginId },
    sources: [
      {
        url: absolute(sources.url),
        format: live.format,
        type: live.type,
        urlDetail: { hls: { resolution: variants(sources.hls.variants) }, flv: { resolution: variants(sources.flv) } },
      },
    ],
    /** When the signed media addresses stop working: ask again before then. */
    expiresAt: media.expiresAt.toISOString(),
  };
}
