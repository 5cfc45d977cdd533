/**
 * The HTTP-FLV relay: node-media-server on loopback ports only, fed by nginx's `push` with the
 * renamed live (never a key). nginx proxies `GET /flv/{liveId}.flv` to it; nothing else reaches
 * it, so its own publish and admin surfaces stay closed. Run by media/start.ts.
 */
import { mkdirSync } from 'node:fs';
import NodeMediaServer from 'node-media-server';
import logger from 'node-media-server/src/core/logger.js';
import { mediaPaths, mediaSettings } from './settings.ts';

const settings = mediaSettings();
const store = mediaPaths(settings.dir).flvStore;
mkdirSync(store, { recursive: true });
const relay = new NodeMediaServer({
  bind: '127.0.0.1',
  rtmp: { port: settings.flvRtmpPort, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
  http: { port: settings.flvHttpPort },
  store: { path: store },
  webadmin: { enable: false },
});
// Its constructor turns debug logging on; one line per viewer is too much beside the stack's logs.
logger.level = process.env.MEDIA_LOG_LEVEL === 'debug' ? 'debug' : 'warn';
await relay.run();
console.log(`HTTP-FLV relay on 127.0.0.1:${settings.flvHttpPort} (RTMP in on 127.0.0.1:${settings.flvRtmpPort})`);

async function stop() {
  await relay.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
