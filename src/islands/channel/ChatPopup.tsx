import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { applyTheme } from '../../lib/theme.ts';
import { m } from '../../paraglide/messages.js';
import { chatPopupOf } from '../../stores/channel.ts';
import ChatPanel from '../chat/ChatPanel.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './popup.css';

/**
 * `/popup/chat/{channelId}`: the channel's chat alone, for a caster app's dock (Streamlabs opens it
 * through `/redirects/signin`); `?darkTheme=true` shows it in the dark theme.
 */
export default function ChatPopup({ locale }: { locale: Locale }) {
  // Read after hydration: one prebuilt shell answers every id (as the channel page).
  const [popup, setPopup] = useState<ReturnType<typeof chatPopupOf> | undefined>(undefined);
  useEffect(() => {
    const found = chatPopupOf(window.location);
    if (found?.dark) applyTheme('DARK');
    setPopup(found);
  }, []);
  if (popup === undefined) return <p aria-busy="true">{m.channel_loading({}, { locale })}</p>;
  if (popup === null) return <FormMessage>{m.channel_not_found({}, { locale })}</FormMessage>;
  return (
    <div className="chat-popup">
      <ChatPanel locale={locale} room={String(popup.channelId)} streamId={null} />
    </div>
  );
}
