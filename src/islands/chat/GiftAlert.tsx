import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { ChatGift } from '../../stores/chat-buffer.ts';
import { $itemNames } from '../../stores/items.ts';
import { giftText } from './chat-texts.ts';

/** How long a gift's alert stays above the chat (the list keeps the gift's line). */
const GIFT_ALERT_SHOWN_MS = 8000;

/**
 * The latest gift, above the list where nothing cuts it off: who, how much in the brand's word, and
 * the message. The region is there from the first frame, so screen readers announce what enters it.
 */
export function GiftAlert({ locale, gift }: { locale: Locale; gift: ChatGift | null }) {
  const [shown, setShown] = useState<ChatGift | null>(null);
  const itemNames = useStore($itemNames);
  useEffect(() => {
    if (!gift) return;
    setShown(gift);
    const timer = setTimeout(() => setShown(null), GIFT_ALERT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [gift]);
  return (
    <div role="status" className="chat-gift-alert-region">
      {shown && (
        <p className="chat-gift-alert">
          <span className="visually-hidden">{m.chat_gift_alert_label({}, { locale })}: </span>
          <span className="chat-gift-icon" aria-hidden="true">
            🎁
          </span>
          <strong>{giftText(shown, locale, itemNames)}</strong>
          {shown.message && <span className="chat-gift-message">{shown.message}</span>}
        </p>
      )}
    </div>
  );
}
