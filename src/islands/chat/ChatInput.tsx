import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { CHAT_MESSAGE_LENGTH_MAX } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { EmojiPicker } from './EmojiPicker.tsx';

type Suggest = Pick<typeof import('./MentionSuggest.tsx'), 'matchNames' | 'MentionList'>;

interface Props {
  locale: Locale;
  disabled: boolean;
  /** Resolves true when the line was accepted; a refused line stays in the input. */
  onSend: (content: string) => Promise<boolean>;
  /** Nicknames in the room, newest first, for @ autocomplete. */
  names: readonly string[];
  /** Shown under the input (the room's rules' hints). */
  children?: ReactNode;
  /** A new number opens the emoticon picker (after an emote-only refusal). */
  pickerRequest: number;
}

/** The `@name` being typed right before the caret, or null. */
function mentionQuery(text: string, caret: number): string | null {
  const found = /(?:^|\s)@([^\s@]{0,20})$/u.exec(text.slice(0, caret));
  return found ? found[1]! : null;
}

/**
 * Enter sends, except while an IME (Hangul) composition is open: that Enter only commits the syllable.
 * Typing `@` offers the room's nicknames (a listbox the input points into with aria-activedescendant):
 * arrows move, Enter or Tab picks, Escape closes.
 */
export function ChatInput({ locale, disabled, onSend, names, pickerRequest, children }: Props) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [caret, setCaret] = useState(0);
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const o = { locale };
  const query = mentionQuery(text, caret);
  const matches = suggest && query !== null && query !== dismissed ? suggest.matchNames(names, query) : [];
  const at = Math.min(active, Math.max(0, matches.length - 1));

  useEffect(() => {
    if (query !== null && !suggest)
      void import('./MentionSuggest.tsx').then(({ matchNames, MentionList }) =>
        setSuggest({ matchNames, MentionList }),
      );
  }, [query, suggest]);

  function edit(value: string, caretAt: number) {
    setText(value);
    setCaret(caretAt);
    setActive(0);
    setDismissed(null);
  }

  function pick(name: string) {
    const before = text.slice(0, caret).replace(/@[^\s@]*$/u, `@${name} `);
    const value = before + text.slice(caret);
    edit(value, before.length);
    requestAnimationFrame(() => input.current?.setSelectionRange(before.length, before.length));
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const content = text.trim();
    if (!content || busy || disabled) return;
    setBusy(true);
    if (await onSend(content)) edit('', 0);
    setBusy(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const composing = e.nativeEvent.isComposing || e.keyCode === 229;
    if (matches.length && !composing) {
      const move = { ArrowDown: 1, ArrowUp: -1 }[e.key as 'ArrowDown' | 'ArrowUp'];
      if (move) setActive((at + move + matches.length) % matches.length);
      else if (e.key === 'Enter' || e.key === 'Tab') pick(matches[at]!);
      else if (e.key === 'Escape') {
        e.stopPropagation();
        setDismissed(query);
      } else return;
      e.preventDefault();
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (composing) return;
    void submit();
  }

  return (
    <form className="chat-input" onSubmit={submit}>
      <label htmlFor={id} className="chat-input-label">
        {m.chat_input_label({}, o)}
      </label>
      <div className="chat-input-row">
        <input
          ref={input}
          id={id}
          type="text"
          value={text}
          maxLength={CHAT_MESSAGE_LENGTH_MAX}
          autoComplete="off"
          disabled={disabled}
          aria-autocomplete="list"
          aria-controls={matches.length ? `${id}-names` : undefined}
          aria-activedescendant={matches.length ? `${id}-names-${at}` : undefined}
          onChange={(e) => edit(e.target.value, e.target.selectionStart ?? e.target.value.length)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
        />
        <EmojiPicker
          locale={locale}
          disabled={disabled}
          openRequest={pickerRequest}
          onPick={(code) => edit(`${text}${code}`, text.length + code.length)}
        />
        <button type="submit" disabled={disabled || busy || !text.trim()}>
          {m.chat_send_button({}, o)}
        </button>
      </div>
      {suggest && matches.length > 0 && (
        <suggest.MentionList id={`${id}-names`} locale={locale} names={matches} active={at} onPick={pick} />
      )}
      {children}
    </form>
  );
}
