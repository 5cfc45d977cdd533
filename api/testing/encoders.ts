/**
 * Encoders without a media server, for route tests: what the media server's callbacks do when an
 * encoder connects (on_publish) or stops (on_publish_done) with a channel's stream key, and the
 * encoder cuts the API asked for (recorded instead of sent to a media server).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueStreamKey } from '../ingest/keys.ts';
import { acceptPublish, publishDone } from '../ingest/lifecycle.ts';
import { loadIngest } from '../providers/ingest/index.ts';
import type { TestApp } from './app.ts';

export interface TestEncoders {
  /** Stream ids of the lives whose encoder the API cut, in order. */
  cuts: number[];
  /** The channel's encoder connects with the channel's key (issued on first use): the outcome of on_publish. */
  publishes(channelId: number): ReturnType<typeof acceptPublish>;
  /** The channel's encoder stops: the live waits the reconnect grace. */
  stops(channelId: number): Promise<void>;
}

export function testEncoders(t: TestApp): TestEncoders {
  const cuts: number[] = [];
  const ingest = loadIngest({ PLATFORM_ENV: 'test', MEDIA_DIR: join(tmpdir(), 'test-encoders-no-media') }, 'test');
  ingest.provider.cutPublisher = async (_db, live) => void cuts.push(live.streamId);
  t.deps.ingest = ingest;
  const encoders = new Map<number, { key: string; clientId: string | null }>();
  let connections = 0;
  return {
    cuts,
    async publishes(channelId) {
      const encoder = encoders.get(channelId) ?? {
        key: (await issueStreamKey(t.deps, channelId, 'panel')).streamKey,
        clientId: null,
      };
      encoder.clientId = String(++connections);
      encoders.set(channelId, encoder);
      return acceptPublish(t.deps, { key: encoder.key, clientId: encoder.clientId });
    },
    async stops(channelId) {
      const encoder = encoders.get(channelId);
      if (encoder?.clientId) await publishDone(t.deps, { key: encoder.key, clientId: encoder.clientId });
    },
  };
}
