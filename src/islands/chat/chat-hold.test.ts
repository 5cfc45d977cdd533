import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatLine } from '../../../domain/chat-events.ts';
import type { ChatItem } from '../../stores/chat-buffer.ts';
import { ChatHold, holdMs, SYNC_MIN_BEHIND_S } from './chat-hold.ts';

const line = (seq: number, loginId = 'other01'): ChatItem => ({
  kind: 'line',
  line: { room: '7', seq, loginId, nickname: loginId, role: 'member', content: `line ${seq}`, at: '' } as ChatLine,
});
const gift = (afterSeq: number, transferId: number): ChatItem => ({
  kind: 'gift',
  afterSeq,
  gift: { transferId, nickname: 'g', amount: 1, itemCode: null, message: '' },
});
const seqs = (items: ChatItem[]) =>
  items.map((i) => (i.kind === 'line' ? i.line.seq : `g${i.kind === 'gift' ? i.gift.transferId : ''}`));

/** A room joined with two history lines, as the chat store goes through it. */
function joined(hold: ChatHold, items: ChatItem[]) {
  hold.observe({ room: '7', status: 'connecting', buffer: { items: [], contiguous: undefined } }, Date.now());
  hold.observe({ room: '7', status: 'connecting', buffer: { items, contiguous: 2 } }, Date.now());
  hold.observe({ room: '7', status: 'ready', buffer: { items, contiguous: 2 } }, Date.now());
}

describe('ChatHold', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const view = (behindS: number | null, on = true, me: string | null = 'me01') => ({
    now: Date.now(),
    behindS,
    me,
    on,
  });

  it('holds a line that arrives while 8 s behind for 8 s, and shows the history at once', () => {
    const hold = new ChatHold();
    const history = [line(1), line(2)];
    joined(hold, history);
    const items = [...history, line(3)];
    hold.observe({ room: '7', status: 'ready', buffer: { items, contiguous: 3 } }, Date.now());
    const first = hold.shown(items, view(8));
    expect(seqs(first.items)).toEqual([1, 2]);
    expect(first.nextAt).toBe(Date.now() + 8000);
    vi.advanceTimersByTime(7900);
    expect(seqs(hold.shown(items, view(8)).items)).toEqual([1, 2]);
    vi.advanceTimersByTime(100);
    const due = hold.shown(items, view(8));
    expect(seqs(due.items)).toEqual([1, 2, 3]);
    expect(due.nextAt).toBeNull();
  });

  it('shows everything as it arrives with the toggle off, at the edge, or when the player cannot tell', () => {
    const hold = new ChatHold();
    joined(hold, []);
    const items = [line(1)];
    hold.observe({ room: '7', status: 'ready', buffer: { items, contiguous: 1 } }, Date.now());
    expect(seqs(hold.shown(items, view(8, false)).items)).toEqual([1]);
    expect(seqs(hold.shown(items, view(SYNC_MIN_BEHIND_S)).items)).toEqual([1]);
    expect(seqs(hold.shown(items, view(null)).items)).toEqual([1]);
    expect(seqs(hold.shown(items, view(SYNC_MIN_BEHIND_S + 0.5)).items)).toEqual([]);
    expect(holdMs({ behindS: Number.NaN, on: true })).toBe(0);
  });

  it("never holds the viewer's own line, nor a missed marker", () => {
    const hold = new ChatHold();
    joined(hold, []);
    const items: ChatItem[] = [line(1, 'me01'), { kind: 'missed', afterSeq: 1, count: 3 }, line(5)];
    hold.observe({ room: '7', status: 'ready', buffer: { items, contiguous: 5 } }, Date.now());
    expect(hold.shown(items, view(8)).items.map((i) => i.kind)).toEqual(['line', 'missed']);
  });

  it('follows behindS as it changes: a seek back holds longer, a jump to the edge lets all out', () => {
    const hold = new ChatHold();
    joined(hold, []);
    const items = [line(1)];
    hold.observe({ room: '7', status: 'ready', buffer: { items, contiguous: 1 } }, Date.now());
    vi.advanceTimersByTime(5000);
    expect(seqs(hold.shown(items, view(4)).items)).toEqual([1]);
    expect(seqs(hold.shown(items, view(20)).items)).toEqual([]);
    expect(hold.shown(items, view(20)).nextAt).toBe(Date.now() + 15_000);
    expect(seqs(hold.shown(items, view(0.5)).items)).toEqual([1]);
  });

  it('holds gifts like lines (their alert too), each from its own arrival', () => {
    const hold = new ChatHold();
    joined(hold, [line(1)]);
    const a = [line(1), gift(1, 40)];
    hold.observe({ room: '7', status: 'ready', buffer: { items: a, contiguous: 1 } }, Date.now());
    vi.advanceTimersByTime(3000);
    const b = [...a, line(2)];
    hold.observe({ room: '7', status: 'ready', buffer: { items: b, contiguous: 2 } }, Date.now());
    const now = hold.shown(b, view(8));
    expect(seqs(now.items)).toEqual([1]);
    expect(now.nextAt).toBe(Date.now() + 5000);
    expect(hold.released('g40', view(8))).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(seqs(hold.shown(b, view(8)).items)).toEqual([1, 'g40']);
    expect(hold.released('g40', view(8))).toBe(true);
    vi.advanceTimersByTime(3000);
    expect(seqs(hold.shown(b, view(8)).items)).toEqual([1, 'g40', 2]);
  });

  it("treats a rejoin's replay as history and starts again in another room", () => {
    const hold = new ChatHold();
    joined(hold, [line(1)]);
    hold.observe({ room: '7', status: 'reconnecting', buffer: { items: [line(1)], contiguous: 1 } }, Date.now());
    const replay = [line(1), line(2), line(3)];
    hold.observe({ room: '7', status: 'reconnecting', buffer: { items: replay, contiguous: 3 } }, Date.now());
    hold.observe({ room: '7', status: 'ready', buffer: { items: replay, contiguous: 3 } }, Date.now());
    expect(seqs(hold.shown(replay, view(8)).items)).toEqual([1, 2, 3]);
    joined(hold, []);
    hold.observe({ room: '8', status: 'connecting', buffer: { items: [], contiguous: undefined } }, Date.now());
    expect(hold.arrivedAt('l2')).toBe(0);
  });
});
