import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { HLS_TYPE } from '../../domain/live-video.ts';
import { visibleUrl } from './media-proxy.ts';

/**
 * `GET /demo/master.m3u8`: the seeded demo lives as recorders want a live, an HLS master playlist
 * over the looping demo stream (public/demo-stream/, 426x240) whose variant address is absolute
 * on the origin that answers (biliup uses variant addresses as they are). The API hands it out
 * as the demo lives' `sources[0].url`.
 */
export const demoMaster = new Hono<AppEnv>().get('/master.m3u8', (c) =>
  // Kept a minute, as a live's master (media-proxy.ts): the page fetches it ahead of its player.
  c.body(demoMasterPlaylist(visibleUrl(c)), 200, { 'content-type': HLS_TYPE, 'cache-control': 'public, max-age=60' }),
);

/** The demo master playlist as answered on the origin of `address`. */
export function demoMasterPlaylist(address: string): string {
  const variant = new URL('/demo-stream/index.m3u8', address).toString();
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240\n${variant}\n`;
}
