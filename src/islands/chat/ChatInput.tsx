import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_LENGTH_MAX } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { EmojiPicker } from './EmojiPicker.tsx';

interface Props {
  locale: Locale;
  disabled: boolean;
  onSend: (content: string) => Promise<boolean>;
}

/** Enter sends, except while an IME (Hangul) composition is open: that Enter only commits the syllable. */
export function ChatInput({ locale, disabled, onSend }: Props) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const o = { locale };

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const content = text.trim();
    if (!content || busy || disabled) return;
    setBusy(true);
    if (await onSend(content)) setText('');
    setBusy(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    void submit();
  }

  return (
    <form className="chat-input" onSubmit={submit}>
      <label htmlFor={id} className="chat-input-label">
        {m.chat_input_label({}, o)}
      </label>
      <div className="chat-input-row">
        <input
          id={id}
          type="text"
          value={text}
          maxLength={CHAT_MESSAGE_LENGTH_MAX}
          autoComplete="off"
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <EmojiPicker locale={locale} disabled={disabled} onPick={(code) => setText((t) => `${t}${code}`)} />
        <button type="submit" disabled={disabled || busy || !text.trim()}>
          {m.chat_send_button({}, o)}
        </button>
      </div>
    </form>
  );
}
