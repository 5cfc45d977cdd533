/**
 * An encoder that drops and comes back within the grace keeps its live (one live id, one
 * recording of both pushes); regenerating the key cuts a running push at once, and the old key
 * cannot come back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../api/db/schema/index.ts';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { ingestRow, liveOf, push, startIngestStack, waitFor, type IngestStack } from './harness.ts';

let stack: IngestStack;
beforeAll(async () => {
  stack = await startIngestStack({ graceMs: 4000 });
});
afterAll(() => stack?.close());

const recordingsOf = async (channelId: number) =>
  (await stack.database.db.select().from(streams).where(eq(streams.channelId, channelId))).filter((s) => s.type === 2);

describe('an encoder that reconnects', () => {
  it('within the grace goes on in the same live, and the recording holds both pushes', async () => {
    const channelId = await stack.newChannel('reconnect');
    const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
    expect(await push(stack.rtmpUrl, streamKey, 3).exited).toBe(0);
    const live = await waitFor('the live', () => liveOf(stack.database, channelId));
    await waitFor('the disconnect', async () => (await ingestRow(stack.database, live.id))?.publishing === false);

    const again = push(stack.rtmpUrl, streamKey, 3);
    await waitFor('the encoder back', async () => (await ingestRow(stack.database, live.id))?.publishing === true);
    expect((await liveOf(stack.database, channelId))?.id).toBe(live.id);
    expect(await again.exited).toBe(0);

    const [recording] = await waitFor('the recording', async () => {
      const rows = await recordingsOf(channelId);
      return rows.length ? rows : null;
    });
    expect(await recordingsOf(channelId)).toHaveLength(1);
    expect(recording!.durationS).toBeGreaterThanOrEqual(5);
    expect(stack.events.filter((e) => e.room === String(channelId)).map((e) => e.type)).toEqual([
      'broadcast_start',
      'broadcast_stop',
    ]);
  });
});

describe('regenerating the key', () => {
  it('cuts the push running with the old key at once, and the old key is refused after', async () => {
    const channelId = await stack.newChannel('regen');
    const { streamKey: old } = await issueStreamKey(stack.deps, channelId, 'panel');
    const running = push(stack.rtmpUrl, old, 20);
    const live = await waitFor('the live', () => liveOf(stack.database, channelId), 20_000, {
      encoder: running,
      stack,
    });
    await waitFor('video flowing', async () => (await stack.mediaOrigin(`/hls/${live.id}.m3u8`)).ok);

    const cutAt = Date.now();
    const { streamKey: fresh } = await issueStreamKey(stack.deps, channelId, 'panel');
    expect(await running.exited).not.toBe(0);
    expect(Date.now() - cutAt).toBeLessThan(5000);
    expect(await push(stack.rtmpUrl, old, 2).exited).not.toBe(0);

    // The BJ pastes the new key within the grace: the same live goes on.
    const resumed = push(stack.rtmpUrl, fresh, 2);
    await waitFor(
      'the new key publishing',
      async () => (await ingestRow(stack.database, live.id))?.publishing === true,
    );
    expect((await liveOf(stack.database, channelId))?.id).toBe(live.id);
    expect(await resumed.exited).toBe(0);
  });
});
