/**
 * The gift announcement hook (docs/ARCHITECTURE.md "gift events"): the ledger calls `emitGift` after
 * a gift or item use has committed (never for a replayed idempotent request); the chat server
 * subscribes with `onGift` and posts the `event` into the channel's room.
 */
import type { ChatEvent } from '../../domain/chat-events.ts';

export interface GiftEvent {
  kind: 'luv' | 'item';
  channelId: number;
  fromMemberId: number;
  fromLoginId: string;
  fromNickname: string;
  toMemberId: number;
  /** Luv amount, or the number of items. */
  amount: number;
  itemCode: number | null;
  message: string;
  transferId: number;
  at: string;
}

type Listener = (event: GiftEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes; returns the unsubscribe function. */
export function onGift(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitGift(event: GiftEvent): void {
  for (const listener of listeners) {
    // A failing subscriber must not turn a committed gift into an error answer.
    try {
      listener(event);
    } catch (err) {
      console.error('[ledger] gift listener failed:', err);
    }
  }
}

/** The chat `event` (domain/chat-events.ts, type `gift`) for a gift: the room is the channel id. */
export function giftChatEvent(g: GiftEvent): ChatEvent {
  return {
    room: String(g.channelId),
    type: 'gift',
    data: {
      kind: g.kind,
      loginId: g.fromLoginId,
      nickname: g.fromNickname,
      amount: g.amount,
      itemCode: g.itemCode,
      message: g.message,
      transferId: g.transferId,
      at: g.at,
    },
  };
}
