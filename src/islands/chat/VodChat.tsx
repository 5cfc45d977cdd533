/**
 * A recording's chat beside its video (#40 point 3): the lines and gifts of the broadcast up to the
 * video's position (`offsetS ≤ currentTime`), in step as it plays, pauses and seeks. The chat comes
 * in windows of VOD_CHAT_FETCH_S from `GET /api/vods/{id}/chat` (the one the position is in, and the
 * next one as the position nears it); a seek asks for the window it lands in.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { VodChatGift, VodChatLine } from '../../../domain/answers/vod-chat.ts';
import type { ChatLine } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { ChatItem } from '../../stores/chat-buffer.ts';
import { loadVodChat } from '../../stores/vod-chat.ts';
import { ChatList } from './ChatList.tsx';
import './chat.css';
import './vod-chat.css';

/** One request's window, in seconds of the recording. */
const VOD_CHAT_FETCH_S = 120;
/** The next window is asked for this long before the position reaches it. */
const PREFETCH_S = 30;
/** A window that failed is asked for again after this long. */
const RETRY_MS = 5000;
/** Rows kept on screen (the newest up to the position). */
const SHOWN_MAX = 200;

interface Window {
  lines: VodChatLine[];
  gifts: VodChatGift[];
}

/** The rows up to `positionS`, lines and gifts by offset (a gift after the lines of its moment). */
export function replayItems(windows: Iterable<Window>, positionS: number, startedAt: string | null): ChatItem[] {
  const lines = new Map<number, VodChatLine>();
  const gifts = new Map<number, VodChatGift>();
  for (const w of windows) {
    for (const l of w.lines) if (l.offsetS <= positionS) lines.set(l.seq, l);
    for (const g of w.gifts) if (g.offsetS <= positionS) gifts.set(g.transferId, g);
  }
  const start = startedAt ? Date.parse(startedAt) : 0;
  const sorted = [...lines.values()].sort((a, b) => a.seq - b.seq);
  const items: ChatItem[] = [];
  let gi = 0;
  const giftList = [...gifts.values()].sort((a, b) => a.offsetS - b.offsetS || a.transferId - b.transferId);
  const pushGifts = (upTo: number, afterSeq: number) => {
    while (gi < giftList.length && giftList[gi]!.offsetS < upTo) {
      const g = giftList[gi++]!;
      items.push({
        kind: 'gift',
        afterSeq,
        gift: {
          transferId: g.transferId,
          nickname: g.nickname,
          amount: g.amount,
          itemCode: g.itemCode,
          message: g.message,
        },
      });
    }
  };
  let lastSeq = 0;
  for (const l of sorted) {
    pushGifts(l.offsetS, lastSeq);
    const line: ChatLine = {
      room: '',
      seq: l.seq,
      loginId: l.loginId,
      nickname: l.nickname,
      role: l.role,
      content: l.content,
      at: new Date(start + l.offsetS * 1000).toISOString(),
    };
    items.push({ kind: 'line', line });
    lastSeq = l.seq;
  }
  pushGifts(Number.POSITIVE_INFINITY, lastSeq);
  return items.slice(-SHOWN_MAX);
}

/** The page's video position, from the events of any video inside `host` (the player's own element). */
function usePosition(host: RefObject<HTMLElement | null>): number {
  const [position, setPosition] = useState(0);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const on = (e: Event) => {
      if (e.target instanceof HTMLMediaElement) setPosition(Math.floor(e.target.currentTime * 4) / 4);
    };
    const kinds = ['timeupdate', 'seeking', 'seeked', 'loadedmetadata', 'emptied'];
    for (const k of kinds) el.addEventListener(k, on, true);
    return () => {
      for (const k of kinds) el.removeEventListener(k, on, true);
    };
  }, [host]);
  return position;
}

interface Props {
  locale: Locale;
  streamId: number;
  startedAt: string | null;
  /** The element the video plays in (its media events are listened to, capturing). */
  host: RefObject<HTMLElement | null>;
}

export default function VodChat({ locale, streamId, startedAt, host }: Props) {
  const o = { locale };
  const position = usePosition(host);
  const [windows, setWindows] = useState<ReadonlyMap<number, Window>>(new Map());
  const [failed, setFailed] = useState(false);
  const asked = useRef(new Set<number>());

  useEffect(() => {
    const at = Math.floor(position / VOD_CHAT_FETCH_S);
    const wanted = [at];
    if (position >= (at + 1) * VOD_CHAT_FETCH_S - PREFETCH_S) wanted.push(at + 1);
    for (const k of wanted) {
      if (asked.current.has(k)) continue;
      asked.current.add(k);
      void (async () => {
        const got: Window = { lines: [], gifts: [] };
        let fromS: number | null = k * VOD_CHAT_FETCH_S;
        const toS = (k + 1) * VOD_CHAT_FETCH_S;
        while (fromS !== null) {
          const r = await loadVodChat(streamId, fromS, toS);
          if (!r.ok) {
            // Asked again after a pause (the position moves four times a second).
            setTimeout(() => asked.current.delete(k), RETRY_MS);
            setFailed(true);
            return;
          }
          got.lines.push(...r.value.lines);
          got.gifts.push(...r.value.gifts);
          fromS = r.value.nextFromS !== null && r.value.nextFromS > fromS ? r.value.nextFromS : null;
        }
        setFailed(false);
        setWindows((prev) => new Map(prev).set(k, got));
      })();
    }
  }, [position, streamId]);

  const items = useMemo(() => replayItems(windows.values(), position, startedAt), [windows, position, startedAt]);
  const loaded = windows.has(Math.floor(position / VOD_CHAT_FETCH_S));

  return (
    <section className="chat-panel vod-chat" aria-labelledby="vod-chat-heading">
      <header className="chat-head">
        <h2 id="vod-chat-heading">{m.vod_chat_heading({}, o)}</h2>
      </header>
      {failed && (
        <p className="chat-notice" role="alert">
          {m.vod_chat_failed({}, o)}
        </p>
      )}
      {loaded && items.length === 0 && <p className="chat-notice">{m.vod_chat_empty({}, o)}</p>}
      <ChatList locale={locale} items={items} me={null} myNickname={null} />
    </section>
  );
}
