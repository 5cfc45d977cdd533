/**
 * A join's reads from memory (room-cache.ts) in one process: the history is the room's as it
 * changes (lines, gifts, freeze), the pre-serialised answer parses as the stored one, and the
 * channel's access facts are read again when the room hears that its live changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { JoinResult } from '../../domain/chat-events.ts';
import { streams } from '../db/schema/index.ts';
import { startHarness, type ClientSocket } from '../testing/chat-harness.ts';
import { recentLines } from './room-store.ts';

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  // The access facts kept for a minute: only an event of the room makes a join read them again.
  h = await startHarness({ rateMax: 1000, accessTtlMs: 60_000 });
});
afterAll(() => h.close());

const join = async (s: ClientSocket, room: string, lastSeq?: number) =>
  (await s.emitWithAck('join', {
    room,
    streamId: null,
    source: 'web',
    ...(lastSeq === undefined ? {} : { lastSeq }),
  })) as ({ ok: true } & JoinResult) | { ok: false; code: string };

describe('room cache', () => {
  it("answers first joins with the room's history as the database holds it, kept current", async () => {
    const bj = await h.client('bjtest01');
    expect(await join(bj, h.room)).toMatchObject({ ok: true, replay: [] });
    for (let i = 0; i < 3; i++) await bj.emitWithAck('message', { room: h.room, content: `cached ${i}` });
    const gift = {
      kind: 'luv' as const,
      loginId: 'viewer101',
      nickname: 'viewer101',
      amount: 5,
      itemCode: null,
      message: '',
      transferId: 880_001,
      at: new Date().toISOString(),
    };
    h.chat.publish({ room: h.room, type: 'gift', data: gift });
    await expect
      .poll(async () => ((await join(await h.client(null), h.room)) as JoinResult).gifts?.length, { timeout: 5000 })
      .toBe(1);

    const guest = (await join(await h.client(null), h.room)) as { ok: true } & JoinResult;
    // The same lines, field for field, as the database's (the spliced JSON parses to them).
    expect(guest.replay).toEqual(await recentLines(h.database.db, h.room, 50));
    expect(guest.seq).toBe(guest.replay.at(-1)!.seq);
    expect(guest.gifts).toEqual([{ ...gift, afterSeq: guest.seq }]);
    expect(guest.frozen).toBe(false);

    expect(await bj.emitWithAck('action', { room: h.room, type: 'freeze', on: true })).toEqual({ ok: true });
    expect(await join(await h.client(null), h.room)).toMatchObject({ ok: true, frozen: true });
    expect(await bj.emitWithAck('action', { room: h.room, type: 'freeze', on: false })).toEqual({ ok: true });

    // A rejoin from memory: the lines after lastSeq, none missed.
    const rejoin = (await join(await h.client(null), h.room, guest.replay[0]!.seq)) as { ok: true } & JoinResult;
    expect(rejoin.replay.map((l) => l.content)).toEqual(['cached 1', 'cached 2']);
    expect(rejoin.missed).toBe(0);
  });

  it("reads the channel's access facts again when the room hears its live changed", async () => {
    const viewer = await h.client('viewer102');
    expect(await join(viewer, h.room)).toMatchObject({ ok: true });
    const [live] = await h.database.db
      .insert(streams)
      .values({
        channelId: Number(h.room),
        type: 1,
        format: 'hls',
        url: '/x.m3u8',
        title: 'locked',
        passwordHash: 'set',
      })
      .returning({ id: streams.id });
    try {
      // Within the minute and with no event, joins are answered from what was read.
      expect(await join(await h.client('viewer101'), h.room)).toMatchObject({ ok: true });
      // The live's change reaches the room (as a password set on a running live does): the next join reads it.
      h.chat.publish({ room: h.room, type: 'broadcast_update', data: {} });
      await expect
        .poll(async () => join(await h.client('viewer101'), h.room), { timeout: 5000 })
        .toEqual({ ok: false, code: 'password_required' });
    } finally {
      await h.database.db.delete(streams).where(eq(streams.id, live!.id));
    }
  });
});
