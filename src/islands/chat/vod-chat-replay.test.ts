import { describe, expect, it } from 'vitest';
import type { VodChatGift, VodChatLine } from '../../../domain/answers/vod-chat.ts';
import { replayItems } from './VodChat.tsx';

const line = (seq: number, offsetS: number): VodChatLine => ({
  offsetS,
  seq,
  loginId: `m${seq}`,
  nickname: `n${seq}`,
  role: 'member',
  content: `line ${seq}`,
});
const gift = (transferId: number, offsetS: number): VodChatGift => ({
  offsetS,
  kind: 'luv',
  loginId: 'g',
  nickname: 'giver',
  amount: 10,
  itemCode: null,
  message: '',
  transferId,
});
const keys = (items: ReturnType<typeof replayItems>) =>
  items.map((i) => (i.kind === 'line' ? i.line.seq : i.kind === 'gift' ? `g${i.gift.transferId}` : '?'));

describe('replayItems', () => {
  const windows = [
    { lines: [line(1, 2), line(2, 10.5)], gifts: [gift(7, 5)] },
    { lines: [line(3, 130)], gifts: [gift(8, 130)] },
  ];

  it('shows what was said up to the position, lines and gifts by their moment', () => {
    expect(keys(replayItems(windows, 0, null))).toEqual([]);
    expect(keys(replayItems(windows, 2, null))).toEqual([1]);
    expect(keys(replayItems(windows, 10, null))).toEqual([1, 'g7']);
    expect(keys(replayItems(windows, 11, null))).toEqual([1, 'g7', 2]);
    // A gift of the same moment as a line goes after it.
    expect(keys(replayItems(windows, 200, null))).toEqual([1, 'g7', 2, 3, 'g8']);
  });

  it('goes back with a seek, and repeats nothing a second answer repeated', () => {
    const again = [...windows, { lines: [line(2, 10.5)], gifts: [] }];
    expect(keys(replayItems(again, 200, null))).toEqual([1, 'g7', 2, 3, 'g8']);
    expect(keys(replayItems(again, 3, null))).toEqual([1]);
  });

  it("dates each line from the recording's start", () => {
    const [first] = replayItems(windows, 3, '2026-12-02T12:00:00.000Z');
    expect(first?.kind === 'line' && first.line.at).toBe('2026-12-02T12:00:02.000Z');
  });
});
