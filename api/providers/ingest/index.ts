/**
 * The ingest engine of an app instance, chosen by the environment (docs/INGEST.md):
 * - `INGEST_ENGINE=self-hosted` (default): our media server (media/), settings from
 *   media/settings.ts (RTMP_PORT, MEDIA_HTTP_PORT, MEDIA_SECRET, MEDIA_DIR …);
 * - `INGEST_ENGINE=ivs`: Amazon IVS in IVS_REGION (IVS_ENDPOINT points the SDK elsewhere;
 *   credentials from the AWS SDK's default chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a role …),
 *   IVS_CHANNEL_TYPE (default STANDARD), IVS_LATENCY_MODE (default LOW), IVS_CHANNEL_PREFIX.
 * `INGEST_RECONNECT_GRACE_MS` overrides the reconnect grace of domain/limits.ts;
 * `INGEST_CALLBACK_ADDRS` lists the addresses the media server calls from (default loopback).
 * A bad value throws at the first use (api/services.ts), which api/main.ts makes the start.
 */
import type { ChannelLatencyMode, ChannelType } from '@aws-sdk/client-ivs';
import { INGEST_RECONNECT_GRACE_MS } from '../../../domain/limits.ts';
import { mediaSettings } from '../../../media/settings.ts';
import type { IngestProvider } from './ingest-provider.ts';
import { ivsClient, IvsIngest } from './ivs.ts';
import { MediaServerIngest } from './self-hosted.ts';

export interface Ingest {
  provider: IngestProvider;
  /** The media server's engine when it is the one in use (its callbacks and keys), else null. */
  mediaServer: MediaServerIngest | null;
  graceMs: number;
  /** Addresses the media server's callbacks may come from. */
  callbackAddresses: ReadonlySet<string>;
}

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

export function loadIngest(env: NodeJS.ProcessEnv, platformEnv: string): Ingest {
  const engine = env.INGEST_ENGINE || 'self-hosted';
  const graceMs = env.INGEST_RECONNECT_GRACE_MS ? Number(env.INGEST_RECONNECT_GRACE_MS) : INGEST_RECONNECT_GRACE_MS;
  if (!Number.isInteger(graceMs) || graceMs < 0)
    throw new Error(
      `INGEST_RECONNECT_GRACE_MS must be a whole number of milliseconds, not ${env.INGEST_RECONNECT_GRACE_MS}`,
    );
  const callbackAddresses = new Set(
    env.INGEST_CALLBACK_ADDRS ? env.INGEST_CALLBACK_ADDRS.split(',').map((a) => a.trim()) : LOOPBACK,
  );
  if (engine === 'self-hosted') {
    const mediaServer = new MediaServerIngest(mediaSettings({ ...env, PLATFORM_ENV: platformEnv }));
    return { provider: mediaServer, mediaServer, graceMs, callbackAddresses };
  }
  if (engine === 'ivs') {
    if (!env.IVS_REGION) throw new Error('INGEST_ENGINE=ivs needs IVS_REGION');
    const provider = new IvsIngest(ivsClient(env.IVS_REGION, env.IVS_ENDPOINT || undefined), {
      namePrefix: env.IVS_CHANNEL_PREFIX || 'flx',
      channelType: (env.IVS_CHANNEL_TYPE || 'STANDARD') as ChannelType,
      latencyMode: (env.IVS_LATENCY_MODE || 'LOW') as ChannelLatencyMode,
    });
    return { provider, mediaServer: null, graceMs, callbackAddresses };
  }
  throw new Error(`INGEST_ENGINE must be self-hosted or ivs, not ${engine}`);
}
