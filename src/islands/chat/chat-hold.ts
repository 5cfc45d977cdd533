/**
 * Chat that waits for the viewer's video (#40 point 4). A line that arrives while the viewer's
 * picture is `behindS` seconds behind the live's real moment ($playhead, src/stores/playhead.ts) is
 * held until `arrivedAtMs <= Date.now() - behindS * 1000`, so "GG" shows when the goal does. Held only
 * when the viewer asked for it ($chatPrefs.syncVideo, on by default) and behindS > SYNC_MIN_BEHIND_S
 * (an edge viewer is never held); recomputed as behindS changes (a seek back holds longer, a jump to
 * the edge lets everything out at once). Shown at once: the viewer's own lines, the history a join
 * or rejoin brings (already in the past), "missed" markers; moderation notices are not list items
 * and never wait. Gifts wait like lines (their row and their alert). docs/ARCHITECTURE.md says how
 * exact it is.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { ChatGift, ChatItem } from '../../stores/chat-buffer.ts';
import { CHAT_BUFFER_LINES_MAX } from '../../stores/chat-buffer.ts';
import { $chat, type ChatState } from '../../stores/chat.ts';
import { $chatPrefs } from '../../stores/chat-prefs.ts';
import { $playhead } from '../../stores/playhead.ts';

/** Below this many seconds behind, lines show as they arrive (the jitter of any player at the edge). */
export const SYNC_MIN_BEHIND_S = 2;

/** A list item's identity across buffer updates; null for what is never held (a "missed" marker). */
export function itemKey(item: ChatItem): string | null {
  if (item.kind === 'line') return `l${item.line.seq}`;
  if (item.kind === 'gift') return `g${item.gift.transferId}`;
  return null;
}

const giftKey = (gift: ChatGift) => `g${gift.transferId}`;

export interface HoldView {
  now: number;
  behindS: number | null;
  me: string | null;
  on: boolean;
}

/** How long lines are held now, in ms; 0 when they are not. */
export function holdMs({ behindS, on }: Pick<HoldView, 'behindS' | 'on'>): number {
  return on && behindS !== null && Number.isFinite(behindS) && behindS > SYNC_MIN_BEHIND_S ? behindS * 1000 : 0;
}

/**
 * When lines arrived, per item key: stamped the moment the chat store takes them. `arrivedAtMs` 0 is
 * history (shown at once); an unknown key too (the page's first items, before any listening).
 */
export class ChatHold {
  readonly #arrivals = new Map<string, number>();
  #room: string | null = null;
  #ready = false;

  /**
   * A new state of the chat store. Items first seen while the room was joined already (`ready`
   * before this update) are live arrivals; items a join answer brings (the status turns ready in the
   * same breath, after them) are history.
   */
  observe(state: Pick<ChatState, 'room' | 'status' | 'buffer'>, now: number): void {
    if (state.room !== this.#room) {
      this.#arrivals.clear();
      this.#room = state.room;
    }
    for (const item of state.buffer.items) {
      const key = itemKey(item);
      if (key !== null && !this.#arrivals.has(key)) this.#arrivals.set(key, this.#ready ? now : 0);
    }
    this.#ready = state.status === 'ready';
    if (this.#arrivals.size > 2 * CHAT_BUFFER_LINES_MAX) {
      const kept = new Set(state.buffer.items.map(itemKey));
      for (const key of this.#arrivals.keys()) if (!kept.has(key)) this.#arrivals.delete(key);
    }
  }

  arrivedAt(key: string): number {
    return this.#arrivals.get(key) ?? 0;
  }

  /** The items to show now, and the moment the next held one is due (null: none held). */
  shown(items: readonly ChatItem[], view: HoldView): { items: ChatItem[]; nextAt: number | null } {
    const hold = holdMs(view);
    if (hold === 0) return { items: items as ChatItem[], nextAt: null };
    const cutoff = view.now - hold;
    let nextAt: number | null = null;
    const out = items.filter((item) => {
      const key = itemKey(item);
      if (key === null) return true;
      if (item.kind === 'line' && view.me !== null && item.line.loginId === view.me) return true;
      const at = this.arrivedAt(key);
      if (at <= cutoff) return true;
      nextAt = nextAt === null ? at + hold : Math.min(nextAt, at + hold);
      return false;
    });
    return { items: out, nextAt };
  }

  /** Whether an item (a gift's alert) may show now. */
  released(key: string, view: HoldView): boolean {
    return this.arrivedAt(key) <= view.now - holdMs(view);
  }
}

/**
 * The chat panel's items as the viewer's video allows (see above); `gift` tells whether a gift's
 * alert may show yet. Re-renders when the next held item is due.
 */
export function useHeldItems(
  items: ChatItem[],
  me: string | null,
): { items: ChatItem[]; released: (gift: ChatGift | null) => boolean } {
  const hold = useRef<ChatHold | null>(null);
  hold.current ??= new ChatHold();
  const playhead = useStore($playhead);
  const prefs = useStore($chatPrefs);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const h = hold.current!;
    h.observe($chat.get(), 0);
    // Stamped as the store takes each line, not when React gets to render it.
    return $chat.listen((state) => h.observe(state, Date.now()));
  }, []);

  const view: HoldView = { now: Date.now(), behindS: playhead.behindS, me, on: prefs.syncVideo };
  const shown = hold.current.shown(items, view);
  const { nextAt } = shown;

  useEffect(() => {
    if (nextAt === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, nextAt - Date.now()) + 5);
    return () => clearTimeout(timer);
  }, [nextAt, tick]);

  return {
    items: shown.items,
    released: (gift) => gift !== null && hold.current!.released(giftKey(gift), view),
  };
}
