/**
 * The IVS engine with the real AWS SDK against a local server speaking IVS's REST API
 * (api/testing/fake-ivs.ts): a channel per BJ with its key, regeneration that deletes the old
 * key, the playback URL in the `ivs` format, the stream's state, cutting and revoking.
 */
import { IvsClient } from '@aws-sdk/client-ivs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { channels, members, streamKeys } from '../../db/schema/index.ts';
import { startFakeIvs, type FakeIvs } from '../../testing/fake-ivs.ts';
import { openTestDatabase } from '../../testing/test-db.ts';
import { loadIngest } from './index.ts';
import { IvsIngest } from './ivs.ts';

let ivs: FakeIvs;
let database: Database;
let engine: IvsIngest;
let channelId: number;

beforeAll(async () => {
  ivs = await startFakeIvs();
  database = await openTestDatabase();
  const [m] = await database.db
    .insert(members)
    .values({ loginId: 'ivsbj01', nickname: 'IVS BJ', passwordHash: 'x' })
    .returning({ id: members.id });
  const [ch] = await database.db
    .insert(channels)
    .values({ ownerId: m!.id, title: 'IVS live' })
    .returning({ id: channels.id });
  channelId = ch!.id;
  const client = new IvsClient({
    region: ivs.region,
    endpoint: ivs.endpoint,
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
  });
  engine = new IvsIngest(client, { namePrefix: 'test', channelType: 'STANDARD', latencyMode: 'LOW' });
});
afterAll(async () => {
  await database?.close();
  await ivs?.close();
});

describe('the IVS engine', () => {
  it('is chosen by INGEST_ENGINE=ivs and needs a region', () => {
    expect(loadIngest({ INGEST_ENGINE: 'ivs', IVS_REGION: 'ap-northeast-2' }, 'test').provider.engine).toBe('ivs');
    expect(loadIngest({ INGEST_ENGINE: 'ivs', IVS_REGION: 'ap-northeast-2' }, 'test').mediaServer).toBeNull();
    expect(() => loadIngest({ INGEST_ENGINE: 'ivs' }, 'test')).toThrow(/IVS_REGION/);
    expect(() => loadIngest({ INGEST_ENGINE: 'wowza' }, 'test')).toThrow(/INGEST_ENGINE/);
  });

  it('creates one IVS channel for the BJ with the first key, and shows the key masked after', async () => {
    expect(await engine.keyState(database.db, channelId)).toBeNull();
    const issued = await engine.issueKey(database.db, channelId);
    const [created] = [...ivs.channels.values()];
    expect(ivs.channels.size).toBe(1);
    expect(created).toMatchObject({
      name: `test-${channelId}`,
      latencyMode: 'LOW',
      type: 'STANDARD',
      tags: { channelId: String(channelId) },
    });
    expect([...ivs.keys.values()]).toEqual([{ value: issued.streamKey, channelArn: created!.arn }]);
    expect(issued.serverUrl).toBe(`rtmps://${created!.ingestEndpoint}:443/app/`);
    expect(issued.masked).toBe(`sk_${'•'.repeat(12)}${issued.streamKey.slice(-4)}`);
    const state = await engine.keyState(database.db, channelId);
    expect(state).toEqual({ masked: issued.masked, serverUrl: issued.serverUrl, issuedAt: issued.issuedAt });
    expect(JSON.stringify(state)).not.toContain(issued.streamKey);
    const [row] = await database.db.select().from(streamKeys).where(eq(streamKeys.channelId, channelId));
    expect(row).toMatchObject({ engine: 'ivs', keyHash: null, engineChannelId: created!.arn });
    expect(JSON.stringify(row)).not.toContain(issued.streamKey);
    expect(ivs.calls.every((c) => c.signed)).toBe(true);
  });

  it('regenerates by deleting the old key on the same channel', async () => {
    const before = [...ivs.keys.values()][0]!.value;
    const again = await engine.issueKey(database.db, channelId);
    expect(again.streamKey).not.toBe(before);
    expect(ivs.channels.size).toBe(1);
    expect([...ivs.keys.values()].map((k) => k.value)).toEqual([again.streamKey]);
    expect(ivs.calls.slice(-3).map((c) => c.operation)).toEqual([
      'ListStreamKeys',
      'DeleteStreamKey',
      'CreateStreamKey',
    ]);
  });

  it('plays the channel’s playback URL in the ivs format', async () => {
    const [ch] = [...ivs.channels.values()];
    const sources = await engine.playback(database.db, { streamId: 1, channelId });
    expect(sources).toEqual({
      format: 'ivs',
      url: ch!.playbackUrl,
      hls: { master: ch!.playbackUrl, variants: [] },
      flv: [],
    });
  });

  it('reads the stream state, and cuts a broadcast (offline is not an error)', async () => {
    expect(await engine.streamState(database.db, channelId)).toEqual({
      live: false,
      startedAt: null,
      viewerCount: null,
    });
    const [ch] = [...ivs.channels.values()];
    ivs.goLive(ch!.arn);
    const live = await engine.streamState(database.db, channelId);
    expect(live.live).toBe(true);
    expect(live.startedAt).toBeInstanceOf(Date);
    expect(live.viewerCount).toBe(3);
    await engine.cutPublisher(database.db, { streamId: 1, channelId });
    expect(ch!.live).toBeNull();
    await engine.cutPublisher(database.db, { streamId: 1, channelId });
    expect(ivs.calls.at(-1)).toMatchObject({ operation: 'StopStream' });
  });

  it('revokes: the key is deleted at IVS and none is shown', async () => {
    await engine.revokeKey(database.db, channelId);
    expect(ivs.keys.size).toBe(0);
    expect(await engine.keyState(database.db, channelId)).toBeNull();
    expect(await engine.finishRecording()).toBeNull();
  });
});
