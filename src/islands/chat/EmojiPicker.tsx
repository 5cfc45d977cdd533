import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $emoji, loadEmoji } from '../../stores/emoji.ts';

/** Emoji are inserted into the chat input as their glyph. */
export function EmojiPicker({ locale, disabled, onPick }: { locale: Locale; disabled: boolean; onPick: (glyph: string) => void }) {
  const [open, setOpen] = useState(false);
  const list = useStore($emoji);
  const o = { locale };
  return (
    <div className="chat-emoji">
      <button
        type="button"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => {
          void loadEmoji();
          setOpen(!open);
        }}
      >
        {m.chat_emoji_button({}, o)}
      </button>
      {open && (
        <div role="group" aria-label={m.chat_emoji_panel_label({}, o)} className="chat-emoji-panel">
          {list.map((e) => (
            <button
              key={e.emojiId}
              type="button"
              aria-label={e.title}
              title={e.title}
              onClick={() => {
                onPick(e.glyph);
                setOpen(false);
              }}
            >
              {e.glyph}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
