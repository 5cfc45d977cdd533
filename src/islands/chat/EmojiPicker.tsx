import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EMOJI_TITLE_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $emoji, loadEmoji, searchEmoji, toggleFavorite, type Emoji } from '../../stores/emoji.ts';
import { $me } from '../../stores/session.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './emoji.css';

interface GridProps {
  label: string;
  list: Emoji[];
  locale: Locale;
  onPick: (e: Emoji) => void;
}

/** A grid of glyph buttons, each with a star a member toggles to keep it among their favourites. */
function EmojiGrid({ label, list, locale, onPick }: GridProps) {
  const me = useStore($me);
  return (
    <div role="group" aria-label={label} className="chat-emoji-grid">
      {list.map((e) => (
        <span key={e.emojiId} className="chat-emoji-item">
          <button type="button" aria-label={e.title} title={e.title} onClick={() => onPick(e)}>
            {e.glyph}
          </button>
          {me && (
            <button
              type="button"
              className="chat-emoji-star"
              aria-pressed={e.favorite}
              aria-label={m.chat_emoji_favorite({ title: e.title }, { locale })}
              onClick={() => void toggleFavorite(e.emojiId, me.loginId)}
            >
              {e.favorite ? '★' : '☆'}
            </button>
          )}
        </span>
      ))}
    </div>
  );
}

/** The open picker: the search, the load's state, then the matches or the favourites and the whole set. */
function EmojiPanel({ id, locale, onPick }: { id: string; locale: Locale; onPick: (e: Emoji) => void }) {
  const s = useStore($emoji);
  const me = useStore($me);
  const o = { locale };
  const favourites = s.list.filter((e) => e.favorite);
  return (
    <div id={id} role="group" aria-label={m.chat_emoji_panel_label({}, o)} className="chat-emoji-panel">
      <input
        type="search"
        aria-label={m.chat_emoji_search({}, o)}
        placeholder={m.chat_emoji_search({}, o)}
        maxLength={EMOJI_TITLE_LENGTH_MAX}
        defaultValue={s.query}
        // Mid-composition the title is half a syllable: search once it is committed.
        onChange={(e) => {
          if (!(e.nativeEvent as InputEvent).isComposing) void searchEmoji(e.target.value);
        }}
        onCompositionEnd={(e) => void searchEmoji(e.currentTarget.value)}
      />
      {s.status === 'loading' && <p className="chat-emoji-note">{m.chat_emoji_loading({}, o)}</p>}
      {s.failure && (
        <FormMessage className="chat-emoji-note">
          {failureText(s.failure, locale, m.chat_emoji_error({}, o))}{' '}
          <button type="button" onClick={() => void loadEmoji(me?.loginId ?? null)}>
            {m.chat_emoji_retry({}, o)}
          </button>
        </FormMessage>
      )}
      {s.matches ? (
        s.matches.length === 0 ? (
          <p className="chat-emoji-note">{m.chat_emoji_no_match({}, o)}</p>
        ) : (
          <EmojiGrid label={m.chat_emoji_results({}, o)} list={s.matches} locale={locale} onPick={onPick} />
        )
      ) : (
        <>
          {me && s.status === 'ready' && (
            <>
              <p className="chat-emoji-heading">{m.chat_emoji_favorites({}, o)}</p>
              {favourites.length === 0 ? (
                <p className="chat-emoji-note">{m.chat_emoji_favorites_empty({}, o)}</p>
              ) : (
                <EmojiGrid label={m.chat_emoji_favorites({}, o)} list={favourites} locale={locale} onPick={onPick} />
              )}
            </>
          )}
          {s.status === 'ready' && s.list.length === 0 && (
            <p className="chat-emoji-note">{m.chat_emoji_empty({}, o)}</p>
          )}
          {s.list.length > 0 && (
            <>
              <p className="chat-emoji-heading">{m.chat_emoji_all({}, o)}</p>
              <EmojiGrid label={m.chat_emoji_all({}, o)} list={s.list} locale={locale} onPick={onPick} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The emoticon picker beside the chat input: favourites first (members star them), the whole set,
 * and a search by title. A pick inserts the glyph into the input; Escape closes and gives focus back.
 */
export function EmojiPicker({
  locale,
  disabled,
  onPick,
  openRequest = 0,
}: {
  locale: Locale;
  disabled: boolean;
  onPick: (glyph: string) => void;
  /** Each new value opens the picker (emote-only mode refused a line of words). */
  openRequest?: number;
}) {
  const [open, setOpen] = useState(false);
  const me = useStore($me);
  useEffect(() => {
    if (!openRequest) return;
    void loadEmoji(me?.loginId ?? null);
    setOpen(true);
  }, [openRequest]);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open || e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the picker closes it; the controls inside are buttons
    <div className="chat-emoji" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => {
          if (!open) void loadEmoji(me?.loginId ?? null);
          setOpen(!open);
        }}
      >
        {m.chat_emoji_button({}, { locale })}
      </button>
      {open && (
        <EmojiPanel
          id={panelId}
          locale={locale}
          onPick={(e) => {
            onPick(e.glyph);
            close();
          }}
        />
      )}
    </div>
  );
}
