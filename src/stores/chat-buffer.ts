/**
 * The chat's line buffer: ordered by seq, no duplicates, bounded, with "N missed" markers where
 * the server's replay had to cut. `contiguous` is the highest seq up to which nothing is missing:
 * that is what a rejoin sends as lastSeq, so a line that arrived early never hides a gap.
 */
import type { ChatLine, GiftEventData, HistoryGift } from '../../domain/chat-events.ts';

export const CHAT_BUFFER_LINES_MAX = 300;

/** A gift announced in the room (an `event` of type gift): no seq of its own, shown after the line it followed. */
export type ChatGift = Pick<GiftEventData, 'transferId' | 'nickname' | 'amount' | 'itemCode' | 'message'>;

export type ChatItem =
  | { kind: 'line'; line: ChatLine }
  | { kind: 'missed'; afterSeq: number; count: number }
  | { kind: 'gift'; afterSeq: number; gift: ChatGift };

export interface ChatBuffer {
  items: ChatItem[];
  contiguous: number | undefined;
}

export const emptyBuffer = (): ChatBuffer => ({ items: [], contiguous: undefined });

/** Sort key: lines by seq; a missed marker at +0.5; gifts between +0.6 and +1, in transfer order. */
const seqOf = (item: ChatItem) =>
  item.kind === 'line'
    ? item.line.seq
    : item.kind === 'missed'
      ? item.afterSeq + 0.5
      : item.afterSeq + 0.6 + Math.min(item.gift.transferId, 3_999_999) / 1e7;

function insert(items: ChatItem[], item: ChatItem): ChatItem[] {
  const key = seqOf(item);
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seqOf(items[mid]!) < key) lo = mid + 1;
    else hi = mid;
  }
  if (items[lo] && seqOf(items[lo]!) === key) return items;
  return [...items.slice(0, lo), item, ...items.slice(lo)];
}

function advance(items: ChatItem[], from: number): number {
  const seqs = new Set(items.filter((i) => i.kind === 'line').map((i) => (i as { line: ChatLine }).line.seq));
  let c = from;
  while (seqs.has(c + 1)) c += 1;
  return c;
}

function bound(items: ChatItem[]): ChatItem[] {
  return items.length > CHAT_BUFFER_LINES_MAX ? items.slice(items.length - CHAT_BUFFER_LINES_MAX) : items;
}

/** A live line. Before the first join answer there is no base yet: it is kept and counted later. */
export function addLine(buf: ChatBuffer, line: ChatLine): ChatBuffer {
  if (buf.contiguous !== undefined && line.seq <= buf.contiguous) return buf;
  const items = bound(insert(buf.items, { kind: 'line', line }));
  return { items, contiguous: buf.contiguous === undefined ? undefined : advance(items, buf.contiguous) };
}

/** A gift: placed after the newest line on screen; the same transfer twice is shown once. */
export function addGift(buf: ChatBuffer, gift: ChatGift): ChatBuffer {
  if (buf.items.some((i) => i.kind === 'gift' && i.gift.transferId === gift.transferId)) return buf;
  const lastSeq = buf.items.reduce((n, i) => (i.kind === 'line' ? Math.max(n, i.line.seq) : n), buf.contiguous ?? 0);
  return { ...buf, items: bound(insert(buf.items, { kind: 'gift', afterSeq: lastSeq, gift })) };
}

/**
 * A join answer: `sentLastSeq` is what we asked to resume from (undefined on a first join),
 * `seq` the room's latest at join time.
 */
export function applyJoin(
  buf: ChatBuffer,
  sentLastSeq: number | undefined,
  replay: ChatLine[],
  missed: number,
  seq: number,
): ChatBuffer {
  let items = buf.items;
  if (missed > 0 && sentLastSeq !== undefined)
    items = insert(items, { kind: 'missed', afterSeq: sentLastSeq, count: missed });
  for (const line of replay)
    if (buf.contiguous === undefined || line.seq > buf.contiguous) items = insert(items, { kind: 'line', line });
  items = bound(items);
  // After a first join the history need not reach back to seq 1: the base is the room's seq now.
  const base = sentLastSeq === undefined ? seq : Math.max(sentLastSeq + missed, buf.contiguous ?? 0);
  return { items, contiguous: advance(items, base) };
}

/** The gifts of a first join's history, each after the line it followed; one already shown is not repeated. */
export function addHistoryGifts(buf: ChatBuffer, gifts: readonly HistoryGift[]): ChatBuffer {
  let items = buf.items;
  for (const g of gifts) {
    if (items.some((i) => i.kind === 'gift' && i.gift.transferId === g.transferId)) continue;
    const gift: ChatGift = {
      transferId: g.transferId,
      nickname: g.nickname,
      amount: g.amount,
      itemCode: g.itemCode,
      message: g.message,
    };
    items = insert(items, { kind: 'gift', afterSeq: g.afterSeq, gift });
  }
  return { ...buf, items: bound(items) };
}
