/** Renders media/nginx.conf.template for the given settings. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DVR_APP,
  INGEST_APP,
  MEDIA_APP,
  mediaPaths,
  RUNGS_APP,
  SOURCE_VARIANT,
  type MediaSettings,
} from './settings.ts';

const TEMPLATE = join(dirname(fileURLToPath(import.meta.url)), 'nginx.conf.template');
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

/** The public listeners and the loopback relay must meet on 127.0.0.1 (the relay pushes there). */
const BINDS = new Set(['127.0.0.1', '0.0.0.0']);

export function renderNginxConfig(
  settings: MediaSettings,
  { runAs = null as string | null, logLevel = 'warn' } = {},
): string {
  if (!BINDS.has(settings.bind)) throw new Error(`MEDIA_BIND must be 127.0.0.1 or 0.0.0.0, not ${settings.bind}`);
  if (!/^[\d.]+$|^\[[\da-f:]+\]$/i.test(settings.httpBind))
    throw new Error(`MEDIA_HTTP_BIND must be an IP address, not ${settings.httpBind}`);
  const paths = mediaPaths(settings.dir);
  const values: Record<string, string | number> = {
    rtmpModule: RTMP_MODULE,
    userLine: runAs ? `user ${runAs};` : '',
    logLevel,
    bind: settings.bind,
    httpBind: settings.httpBind,
    edgeKey: settings.edgeKey,
    rtmpPort: settings.rtmpPort,
    httpPort: settings.httpPort,
    controlPort: settings.controlPort,
    flvRtmpPort: settings.flvRtmpPort,
    flvHttpPort: settings.flvHttpPort,
    callbackOrigin: settings.callbackOrigin,
    secret: settings.secret,
    ingestApp: INGEST_APP,
    mediaApp: MEDIA_APP,
    rungsApp: RUNGS_APP,
    dvrApp: DVR_APP,
    rewindS: settings.rewind.windowS,
    rewindFragmentS: settings.rewind.fragmentS,
    // A source whose keyframes are further apart than this is cut anyway (not at a keyframe).
    rewindMaxFragmentS: Math.max(settings.rewind.fragmentS * 3, 10),
    ladderPort: settings.ladder.port,
    gopMs: Math.round(settings.ladder.gopS * 1000),
    sourceVariant: SOURCE_VARIANT,
    root: settings.dir,
    ...paths,
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`nginx.conf.template: unknown placeholder {{${name}}}`);
    return String(values[name]);
  });
}
