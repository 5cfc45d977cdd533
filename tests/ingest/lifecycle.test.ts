/**
 * The ends of a live with the real media server: a media-server crash (the lives it carried wait
 * for their encoders; one that comes back goes on in the same live, one that does not ends into
 * its recording), and the BJ ending the broadcast while the encoder still pushes (cut at once, a
 * recording kept, the encoder's retries refused until the BJ starts again). Nothing is left
 * half-live: the live, its ingest state and the channel agree.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, streams } from '../../api/db/schema/index.ts';
import { startBroadcast, stopBroadcast } from '../../api/ingest/broadcast.ts';
import { issueStreamKey } from '../../api/ingest/keys.ts';
import { ingestRow, liveOf, push, startIngestStack, waitFor, type IngestStack } from './harness.ts';

let stack: IngestStack;
beforeAll(async () => {
  stack = await startIngestStack({ graceMs: 5000 });
});
afterAll(() => stack?.close());

const recordingsOf = async (channelId: number) =>
  (await stack.database.db.select().from(streams).where(eq(streams.channelId, channelId))).filter((s) => s.type === 2);
const broadcasting = async (channelId: number) =>
  (await stack.database.db.select({ on: channels.broadcasting }).from(channels).where(eq(channels.id, channelId)))[0]!
    .on;

describe('a media server that crashes and comes back', () => {
  it(
    'puts its lives into the reconnect grace: an encoder back within it goes on in the same live, one that is not ' +
      'ends into its recording',
    async () => {
      const back = await stack.newChannel('comeback');
      const gone = await stack.newChannel('gone');
      const backKey = (await issueStreamKey(stack.deps, back, 'panel')).streamKey;
      const goneKey = (await issueStreamKey(stack.deps, gone, 'panel')).streamKey;
      const pushes = [push(stack.rtmpUrl, backKey, 60), push(stack.rtmpUrl, goneKey, 60)];
      const [liveBack, liveGone] = await Promise.all([
        waitFor('a live', () => liveOf(stack.database, back)),
        waitFor('a live', () => liveOf(stack.database, gone)),
      ]);
      await waitFor('video', async () => (await stack.mediaOrigin(`/hls/${liveGone!.id}.m3u8`)).ok);

      await stack.restartMediaServer();
      // The new media server told the API: both lives lost their encoder, neither has ended yet.
      await waitFor('the reset', async () => (await ingestRow(stack.database, liveBack!.id))?.publishing === false);
      expect(await ingestRow(stack.database, liveGone!.id)).toMatchObject({
        publishing: false,
        disconnectedAt: expect.any(Date),
        endedAt: null,
      });
      for (const p of pushes) expect(await p.exited).not.toBe(0);

      // The encoder comes back (OBS retries): taken, not refused as a second publisher.
      const again = push(stack.rtmpUrl, backKey, 4);
      await waitFor(
        'the encoder back',
        async () => (await ingestRow(stack.database, liveBack!.id))?.publishing === true,
      );
      expect((await liveOf(stack.database, back))?.id).toBe(liveBack!.id);

      // The other never comes back: after the grace it ends, and what was pushed is its recording.
      const [recording] = await waitFor('the recording', async () => {
        const rows = await recordingsOf(gone);
        return rows.length ? rows : null;
      });
      expect(recording!.durationS).toBeGreaterThanOrEqual(1);
      expect(await liveOf(stack.database, gone)).toBeNull();
      expect(await broadcasting(gone)).toBe(false);
      expect(await ingestRow(stack.database, liveGone!.id)).toMatchObject({
        publishing: false,
        endedAt: expect.any(Date),
      });

      expect(await again.exited).toBe(0);
      // One live across the crash, so one recording of it.
      await waitFor('the recording', async () => (await recordingsOf(back)).length > 0);
      expect(await recordingsOf(back)).toHaveLength(1);
      expect(await liveOf(stack.database, back)).toBeNull();
      expect(stack.events.filter((e) => e.room === String(back)).map((e) => e.type)).toEqual([
        'broadcast_start',
        'broadcast_stop',
      ]);
    },
  );
});

describe('the BJ ends the broadcast while the encoder pushes', () => {
  it('cuts the encoder at once, keeps the recording, refuses the encoder’s retries until the BJ starts again', async () => {
    const channelId = await stack.newChannel('ender');
    const { streamKey } = await issueStreamKey(stack.deps, channelId, 'panel');
    const running = push(stack.rtmpUrl, streamKey, 60);
    const live = await waitFor('the live', () => liveOf(stack.database, channelId), 20_000, {
      encoder: running,
      stack,
    });
    await waitFor('video', async () => (await stack.mediaOrigin(`/hls/${live.id}.m3u8`)).ok);
    await new Promise((r) => setTimeout(r, 2000));

    expect(await stopBroadcast(stack.deps, channelId)).toBe(live.id);
    expect(await running.exited).not.toBe(0);
    expect(await liveOf(stack.database, channelId)).toBeNull();
    expect(await broadcasting(channelId)).toBe(false);
    expect(await ingestRow(stack.database, live.id)).toMatchObject({ publishing: false, endedAt: expect.any(Date) });
    expect(await recordingsOf(channelId)).toHaveLength(1);
    expect((await stack.mediaOrigin(`/hls/${live.id}.m3u8`)).status).toBe(404);

    // OBS reconnects on its own: refused before any video, so the broadcast stays ended.
    const retry = push(stack.rtmpUrl, streamKey, 3);
    expect(await retry.exited).not.toBe(0);
    expect(await liveOf(stack.database, channelId)).toBeNull();

    // The BJ starts again: the next connection goes on air, as a new live.
    expect(await startBroadcast(stack.deps, channelId, { title: '2부' })).toMatchObject({ ok: true, streamId: null });
    const next = push(stack.rtmpUrl, streamKey, 3);
    const second = await waitFor('the next live', () => liveOf(stack.database, channelId), 20_000, {
      encoder: next,
      stack,
    });
    expect(second.id).not.toBe(live.id);
    expect(second.title).toBe('2부');
    expect(await next.exited).toBe(0);
  });
});
