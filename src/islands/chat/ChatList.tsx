import { useStore } from '@nanostores/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import type { ChatItem } from '../../stores/chat-buffer.ts';
import { $itemNames } from '../../stores/items.ts';

interface Props {
  locale: Locale;
  items: ChatItem[];
  /** A signed-in member opens the name menu (block, report; moderation for BJ and managers) from a line. */
  onModerate?: (loginId: string, nickname: string) => void;
  me: string | null;
}

/**
 * The message list: a bounded buffer (see chat-buffer.ts) whose off-screen rows the browser skips
 * (`content-visibility: auto`), so a long chat stays smooth. Arrow keys, Home and End move between
 * messages (one tab stop: roving tabindex). Announcements live in ChatPanel's polite region.
 */
export function ChatList({ locale, items, onModerate, me }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const o = { locale };
  // Filled where the page reads the item catalogue (the live page's item tray); else lines say "items".
  const itemNames = useStore($itemNames);

  useEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [items]);

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
      className="chat-list"
      aria-label={m.chat_list_label({}, o)}
      tabIndex={items.length ? undefined : 0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      {items.map((item, i) =>
        item.kind === 'missed' ? (
          <li key={`missed-${item.afterSeq}`} data-row className="chat-missed" tabIndex={-1}>
            {m.chat_missed_marker({ count: item.count }, o)}
          </li>
        ) : item.kind === 'gift' ? (
          <li key={`gift-${item.gift.transferId}`} data-row className="chat-gift" tabIndex={-1}>
            {item.gift.itemCode === null
              ? m.chat_gift_luv(
                  {
                    nickname: item.gift.nickname,
                    amount: won(item.gift.amount, locale),
                    currency: brandWords(locale).currency,
                  },
                  o,
                )
              : itemNames.has(item.gift.itemCode)
                ? m.chat_gift_item_named(
                    {
                      nickname: item.gift.nickname,
                      amount: item.gift.amount,
                      item: itemNames.get(item.gift.itemCode)!,
                    },
                    o,
                  )
                : m.chat_gift_item({ nickname: item.gift.nickname, amount: item.gift.amount }, o)}
            {item.gift.message && <span className="chat-text"> {item.gift.message}</span>}
          </li>
        ) : (
          <li
            key={item.line.seq}
            data-row
            data-seq={item.line.seq}
            className={`chat-line chat-role-${item.line.role}`}
            tabIndex={i === items.length - 1 ? 0 : -1}
          >
            {item.line.role === 'bj' && (
              <span className="chat-badge">{m.chat_role_bj({ caster: brandWords(locale).caster }, o)}</span>
            )}
            {item.line.role === 'manager' && <span className="chat-badge">{m.chat_role_manager({}, o)}</span>}
            {onModerate && item.line.loginId !== me && item.line.role !== 'bj' ? (
              <button
                type="button"
                className="chat-nick"
                onClick={() => onModerate(item.line.loginId, item.line.nickname)}
              >
                {item.line.nickname}
              </button>
            ) : (
              <span className="chat-nick">{item.line.nickname}</span>
            )}
            <span className="chat-text">{item.line.content}</span>
          </li>
        ),
      )}
    </ol>
  );
}
