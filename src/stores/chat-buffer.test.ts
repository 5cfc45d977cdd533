import { describe, expect, it } from 'vitest';
import type { ChatLine } from '../../domain/chat-events.ts';
import { addGift, addHistoryGifts, addLine, applyJoin, CHAT_BUFFER_LINES_MAX, emptyBuffer } from './chat-buffer.ts';

const line = (seq: number): ChatLine => ({
  room: '1',
  seq,
  loginId: 'a',
  nickname: 'a',
  role: 'member',
  content: `l${seq}`,
  at: '2026-01-01T00:00:00Z',
});
const seqs = (b: ReturnType<typeof emptyBuffer>) =>
  b.items.map((i) =>
    i.kind === 'line' ? i.line.seq : i.kind === 'missed' ? `missed${i.count}` : `gift${i.gift.transferId}`,
  );

describe('chat buffer', () => {
  it('orders, de-duplicates and tracks the contiguous seq across a rejoin', () => {
    let b = applyJoin(emptyBuffer(), undefined, [line(1), line(2), line(3)], 0, 3);
    b = addLine(b, line(5));
    expect(b.contiguous).toBe(3);
    b = addLine(b, line(4));
    b = addLine(b, line(4));
    expect(seqs(b)).toEqual([1, 2, 3, 4, 5]);
    expect(b.contiguous).toBe(5);
    // Dropped: 6..8 were sent meanwhile; 8 arrived live before the join answer replayed 6..8.
    b = addLine(b, line(8));
    b = applyJoin(b, 5, [line(6), line(7), line(8)], 0, 8);
    expect(seqs(b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(b.contiguous).toBe(8);
  });

  it('marks where the replay was cut and resumes after it', () => {
    let b = applyJoin(emptyBuffer(), undefined, [line(1)], 0, 1);
    b = applyJoin(b, 1, [line(9), line(10)], 7, 10);
    expect(seqs(b)).toEqual([1, 'missed7', 9, 10]);
    expect(b.contiguous).toBe(10);
  });

  it('stays bounded', () => {
    let b = applyJoin(emptyBuffer(), undefined, [], 0, 0);
    for (let s = 1; s <= CHAT_BUFFER_LINES_MAX + 50; s += 1) b = addLine(b, line(s));
    expect(b.items).toHaveLength(CHAT_BUFFER_LINES_MAX);
    expect(b.contiguous).toBe(CHAT_BUFFER_LINES_MAX + 50);
  });
});

describe('gifts', () => {
  const gift = (transferId: number) => ({ transferId, nickname: 'n', amount: 100, itemCode: null, message: '' });
  it('sit after the newest line, in arrival order, once each, and move with later lines', () => {
    let b = applyJoin(emptyBuffer(), undefined, [line(1), line(2)], 0, 2);
    b = addGift(b, gift(7));
    b = addGift(b, gift(9));
    b = addGift(b, gift(7));
    b = addLine(b, line(3));
    expect(seqs(b)).toEqual([1, 2, 'gift7', 'gift9', 3]);
    expect(b.contiguous).toBe(3);
  });
});

describe('gifts of the history on a first join', () => {
  it('places each after the line it followed and does not repeat one already shown', () => {
    const gift = (transferId: number, afterSeq: number) => ({
      kind: 'luv' as const,
      loginId: 'g',
      nickname: 'G',
      amount: 100,
      itemCode: null,
      message: '',
      transferId,
      at: '2030-01-01T00:00:00Z',
      afterSeq,
    });
    let buf = applyJoin(emptyBuffer(), undefined, [line(1), line(2), line(3)], 0, 3);
    buf = addGift(buf, { transferId: 9, nickname: 'G', amount: 5, itemCode: null, message: '' });
    buf = addHistoryGifts(buf, [gift(4, 1), gift(9, 3)]);
    expect(
      buf.items.map((i) => (i.kind === 'line' ? `l${i.line.seq}` : i.kind === 'gift' ? `g${i.gift.transferId}` : 'm')),
    ).toEqual(['l1', 'g4', 'l2', 'l3', 'g9']);
  });
});
