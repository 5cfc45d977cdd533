import { useStore } from '@nanostores/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ChatLine } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import type { ChatItem } from '../../stores/chat-buffer.ts';
import { mentions } from '../../stores/chat.ts';
import { $chatPrefs } from '../../stores/chat-prefs.ts';
import { $itemNames } from '../../stores/items.ts';
import { giftText } from './chat-texts.ts';

interface Props {
  locale: Locale;
  items: ChatItem[];
  /** A signed-in member opens the name menu (block, report; moderation for BJ and managers) from a line. */
  onModerate?: (loginId: string, nickname: string) => void;
  me: string | null;
  myNickname: string | null;
}

/** A number the wire gave, or null (lines from servers without badge fields). */
const count = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);

/** Role, subscription and top-giver badges: visible words, never colour alone. */
function Badges({ line, locale }: { line: ChatLine; locale: Locale }) {
  const o = { locale };
  const extra = line as ChatLine & { subscriberMonths?: unknown; topGiver?: unknown };
  const months = count(extra.subscriberMonths);
  const rank = count(extra.topGiver);
  return (
    <>
      {line.role === 'bj' && (
        <span className="chat-badge chat-badge-bj">{m.chat_role_bj({ caster: brandWords(locale).caster }, o)}</span>
      )}
      {line.role === 'manager' && <span className="chat-badge chat-badge-manager">{m.chat_role_manager({}, o)}</span>}
      {rank !== null && <span className="chat-badge chat-badge-fan">{m.chat_badge_top_giver({ rank }, o)}</span>}
      {months !== null && <span className="chat-badge chat-badge-sub">{m.chat_badge_subscriber({ months }, o)}</span>}
    </>
  );
}

const clock = (at: string, locale: Locale) =>
  new Date(at).toLocaleTimeString(locale === 'ko' ? 'ko-KR' : 'en-US', { hour: '2-digit', minute: '2-digit' });

interface LineProps {
  line: ChatLine;
  locale: Locale;
  focusable: boolean;
  timestamps: boolean;
  /** The line names the signed-in member (@loginId or @nickname): highlighted, with words for screen readers. */
  mentioned: boolean;
  onModerate?: (loginId: string, nickname: string) => void;
}

function Line({ line, locale, focusable, timestamps, mentioned, onModerate }: LineProps) {
  return (
    <li
      data-row
      data-seq={line.seq}
      className={`chat-line chat-role-${line.role}${mentioned ? ' chat-mention' : ''}`}
      tabIndex={focusable ? 0 : -1}
    >
      {timestamps && (
        <time className="chat-time" dateTime={line.at}>
          {clock(line.at, locale)}
        </time>
      )}
      {mentioned && (
        <span className="chat-mention-mark">
          @<span className="visually-hidden">{m.chat_mention_mark({}, { locale })}</span>
        </span>
      )}
      <Badges line={line} locale={locale} />
      {onModerate ? (
        <button type="button" className="chat-nick" onClick={() => onModerate(line.loginId, line.nickname)}>
          {line.nickname}
        </button>
      ) : (
        <span className="chat-nick">{line.nickname}</span>
      )}
      <span className="chat-text">{line.content}</span>
    </li>
  );
}

/**
 * The message list: a bounded buffer (see chat-buffer.ts) whose off-screen rows the browser skips
 * (`content-visibility: auto`), so a long chat stays smooth. Arrow keys, Home and End move between
 * messages (one tab stop: roving tabindex, starting on the newest row of whatever kind, so the list
 * is reachable by keyboard when it ends with a gift too). Announcements live in ChatPanel's polite region.
 */
export function ChatList({ locale, items, onModerate, me, myNickname }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const o = { locale };
  // Filled where the page reads the item catalogue (the live page's item tray); else lines say "items".
  const itemNames = useStore($itemNames);
  const prefs = useStore($chatPrefs);

  useEffect(() => {
    const el = list.current;
    if (!el || !stick.current) return;
    el.scrollTop = el.scrollHeight;
    // A tall row (a gift) lays out at its real height a frame later: follow it to the end.
    const frame = requestAnimationFrame(() => {
      el.scrollTop = el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [items, prefs]);

  function onScroll() {
    const el = list.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  }

  function onKeyDown(e: KeyboardEvent<HTMLOListElement>) {
    const rows = Array.from(list.current?.querySelectorAll<HTMLLIElement>('li[data-row]') ?? []);
    if (!rows.length) return;
    const at = rows.indexOf(document.activeElement as HTMLLIElement);
    const next = { ArrowDown: at + 1, ArrowUp: at === -1 ? rows.length - 1 : at - 1, Home: 0, End: rows.length - 1 }[
      e.key
    ];
    if (next === undefined) return;
    e.preventDefault();
    const row = rows[Math.max(0, Math.min(rows.length - 1, next))]!;
    for (const r of rows) r.tabIndex = -1;
    row.tabIndex = 0;
    row.focus();
  }

  return (
    <ol
      ref={list}
      className={`chat-list chat-${prefs.density}`}
      aria-label={m.chat_list_label({}, o)}
      tabIndex={items.length ? undefined : 0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      {items.map((item, i) =>
        item.kind === 'missed' ? (
          <li
            key={`missed-${item.afterSeq}`}
            data-row
            className="chat-missed"
            tabIndex={i === items.length - 1 ? 0 : -1}
          >
            {m.chat_missed_marker({ count: item.count }, o)}
          </li>
        ) : item.kind === 'gift' ? (
          <li
            key={`gift-${item.gift.transferId}`}
            data-row
            className="chat-gift"
            tabIndex={i === items.length - 1 ? 0 : -1}
          >
            <span className="chat-gift-icon" aria-hidden="true">
              🎁
            </span>
            <span className="chat-gift-what">{giftText(item.gift, locale, itemNames)}</span>
            {item.gift.message && <span className="chat-gift-message">{item.gift.message}</span>}
          </li>
        ) : (
          <Line
            key={item.line.seq}
            line={item.line}
            locale={locale}
            focusable={i === items.length - 1}
            timestamps={prefs.timestamps}
            mentioned={me !== null && item.line.loginId !== me && mentions(item.line.content, me, myNickname)}
            onModerate={onModerate && item.line.loginId !== me && item.line.role !== 'bj' ? onModerate : undefined}
          />
        ),
      )}
    </ol>
  );
}
