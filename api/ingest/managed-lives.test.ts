/**
 * Lives of the IVS engine follow IVS (api/ingest/managed-lives.ts): the real AWS SDK polls a local
 * server speaking IVS's API (api/testing/fake-ivs.ts, ListStreams), and a channel's stream going
 * live or away starts and ends its live as the media server's callbacks do.
 */
import { IvsClient } from '@aws-sdk/client-ivs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, liveIngest, members, streamKeys, streams } from '../db/schema/index.ts';
import { IvsIngest } from '../providers/ingest/ivs.ts';
import { useTestApp } from '../testing/app.ts';
import { startFakeIvs, type FakeIvs } from '../testing/fake-ivs.ts';
import { startBroadcast, stopBroadcast } from './broadcast.ts';
import { issueStreamKey } from './keys.ts';
import { sweepIngest } from './lifecycle.ts';
import { syncManagedLives } from './managed-lives.ts';

const t = useTestApp();
let ivs: FakeIvs;
let channelId: number;
let channelArn: string;

beforeAll(async () => {
  ivs = await startFakeIvs();
  const client = new IvsClient({
    region: ivs.region,
    endpoint: ivs.endpoint,
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
  });
  const provider = new IvsIngest(client, { namePrefix: 'test', channelType: 'STANDARD', latencyMode: 'LOW' });
  t.deps.ingest = { provider, mediaServer: null, graceMs: 0, callbackAddresses: new Set() };
  const [m] = await t.database.db
    .insert(members)
    .values({ loginId: 'ivsbj02', nickname: 'IVS 방송', passwordHash: 'x' })
    .returning({ id: members.id });
  const [ch] = await t.database.db
    .insert(channels)
    .values({ ownerId: m!.id, title: 'IVS 채널' })
    .returning({ id: channels.id });
  channelId = ch!.id;
  await issueStreamKey(t.deps, channelId, 'panel');
  channelArn = [...ivs.channels.values()][0]!.arn;
});
afterAll(async () => {
  await ivs?.close();
});

const db = () => t.database.db;
/** The channel's running live. */
async function liveOf(id: number) {
  const [row] = await db()
    .select({ id: streams.id, format: streams.format, url: streams.url, endedAt: streams.endedAt })
    .from(streams)
    .where(and(eq(streams.channelId, id), eq(streams.type, 1), isNull(streams.endedAt)));
  return row ?? null;
}
const broadcasting = async () =>
  (await db().select({ on: channels.broadcasting }).from(channels).where(eq(channels.id, channelId)))[0]!.on;
const eventsOf = (type: string) => t.published.filter((e) => e.type === type && e.room === String(channelId));

describe('IVS live state, polled', () => {
  it('a stream going live at IVS puts the channel on the air with the IVS playback URL, once', async () => {
    expect(await broadcasting()).toBe(false);
    ivs.goLive(channelArn);
    expect(await syncManagedLives(t.deps)).toEqual({ started: 1, lost: 0, cut: 0 });
    const live = await liveOf(channelId);
    expect(live).toMatchObject({ format: 'ivs', url: ivs.channels.get(channelArn)!.playbackUrl, endedAt: null });
    expect(await broadcasting()).toBe(true);
    expect(eventsOf('broadcast_start')).toHaveLength(1);
    const [state] = await db().select().from(liveIngest).where(eq(liveIngest.streamId, live!.id));
    expect(state).toMatchObject({
      publishing: true,
      publisherId: expect.stringMatching(/^managed:st-/),
      endedAt: null,
    });
    // Asked again: nothing changes.
    expect(await syncManagedLives(t.deps)).toEqual({ started: 0, lost: 0, cut: 0 });
    expect(eventsOf('broadcast_start')).toHaveLength(1);
    expect(ivs.calls.filter((c) => c.operation === 'ListStreams').every((c) => c.signed)).toBe(true);
  });

  it('a stream that stops waits the reconnect grace, then the live ends and chat hears it', async () => {
    const live = await liveOf(channelId);
    ivs.goOffline(channelArn);
    expect(await syncManagedLives(t.deps)).toEqual({ started: 0, lost: 1, cut: 0 });
    await sweepIngest(t.deps);
    expect(await broadcasting()).toBe(false);
    expect(await liveOf(channelId)).toBeNull();
    const [state] = await db().select().from(liveIngest).where(eq(liveIngest.streamId, live!.id));
    expect(state!.endedAt).toBeInstanceOf(Date);
    expect(eventsOf('broadcast_stop')).toHaveLength(1);
  });

  it('the BJ’s start puts the live on the air at once; the stream arriving goes on in it, and its end ends it', async () => {
    const started = await startBroadcast(t.deps, channelId, { title: 'IVS로 방송' });
    expect(started).toMatchObject({ ok: true, event: 'broadcast_start' });
    ivs.goLive(channelArn);
    expect(await syncManagedLives(t.deps)).toEqual({ started: 0, lost: 0, cut: 0 });
    const live = await liveOf(channelId);
    expect(live!.id).toBe(started.ok ? started.streamId : -1);
    expect((await db().select().from(liveIngest).where(eq(liveIngest.streamId, live!.id)))[0]).toMatchObject({
      publishing: true,
    });
    ivs.goOffline(channelArn);
    await syncManagedLives(t.deps);
    await sweepIngest(t.deps);
    expect(await broadcasting()).toBe(false);
  });

  it('after the BJ ended the broadcast, a stream that keeps coming is cut and nothing goes on the air', async () => {
    ivs.goLive(channelArn);
    await syncManagedLives(t.deps);
    expect(await stopBroadcast(t.deps, channelId)).not.toBeNull();
    expect(ivs.channels.get(channelArn)!.live).toBeNull();
    expect(
      (await db().select({ paused: streamKeys.paused }).from(streamKeys).where(eq(streamKeys.channelId, channelId)))[0]!
        .paused,
    ).toBe(true);
    // The encoder retries: IVS takes it (it cannot ask us), the poll cuts it.
    ivs.goLive(channelArn);
    expect(await syncManagedLives(t.deps)).toEqual({ started: 0, lost: 0, cut: 1 });
    expect(ivs.channels.get(channelArn)!.live).toBeNull();
    expect(await broadcasting()).toBe(false);
  });
});
