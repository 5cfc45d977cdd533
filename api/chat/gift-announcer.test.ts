import { describe, expect, it } from 'vitest';
import type { GiftBatch, GiftEventData } from '../../domain/chat-events.ts';
import { GIFTS_PER_FRAME_MAX, createGiftAnnouncer } from './gift-announcer.ts';
import type { ChatServer } from './types.ts';

/** A server that records what it sent to which room. */
function recordingServer() {
  const sent: { to: string; event: string; batch: GiftBatch }[] = [];
  const io = {
    to: (to: string) => ({ emit: (event: string, batch: GiftBatch) => sent.push({ to, event, batch }) }),
  } as unknown as ChatServer;
  return { io, sent };
}

const gift = (transferId: number): GiftEventData => ({
  kind: 'luv',
  loginId: 'viewer01',
  nickname: 'v',
  amount: 1,
  itemCode: null,
  message: '',
  transferId,
  at: new Date(0).toISOString(),
});
const turn = () => new Promise((r) => setImmediate(r));

describe('gift announcements', () => {
  it('sends the gifts of one turn as one frame per room, in order, and nothing twice', async () => {
    const { io, sent } = recordingServer();
    const gifts = createGiftAnnouncer(io);
    gifts.add('1', gift(1));
    gifts.add('2', gift(2));
    gifts.add('1', gift(3));
    expect(sent).toEqual([]);
    await turn();
    expect(sent).toEqual([
      { to: '1', event: 'gifts', batch: { room: '1', gifts: [gift(1), gift(3)] } },
      { to: '2', event: 'gifts', batch: { room: '2', gifts: [gift(2)] } },
    ]);
    gifts.add('1', gift(4));
    await turn();
    expect(sent.slice(2)).toEqual([{ to: '1', event: 'gifts', batch: { room: '1', gifts: [gift(4)] } }]);
    await turn();
    expect(sent).toHaveLength(3);
  });

  it('splits a large turn into frames of at most GIFTS_PER_FRAME_MAX, keeping the order', async () => {
    const { io, sent } = recordingServer();
    const gifts = createGiftAnnouncer(io);
    const n = GIFTS_PER_FRAME_MAX * 2 + 5;
    for (let i = 1; i <= n; i++) gifts.add('9', gift(i));
    await turn();
    expect(sent.map((s) => s.batch.gifts.length)).toEqual([GIFTS_PER_FRAME_MAX, GIFTS_PER_FRAME_MAX, 5]);
    expect(sent.flatMap((s) => s.batch.gifts.map((g) => g.transferId))).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
  });
});
