import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { ChatActionType } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import {
  $chat,
  $chatAnnouncement,
  chatAction,
  sendChat,
  startChat,
  stopChat,
  type ChatState,
} from '../../stores/chat.ts';
import { openAuthDialog } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { $blockedLoginIds, blockMember, loadBlocked } from '../../stores/blocking.ts';
import { failureText } from '../../lib/error-text.ts';
import { actionText, disabledText, sendErrorText, statusText } from './chat-texts.ts';
import { ChatInput } from './ChatInput.tsx';
import { ChatList } from './ChatList.tsx';
import { ModerationMenu } from './ModerationMenu.tsx';
import { NameMenu } from './NameMenu.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './chat.css';

interface Props {
  locale: Locale;
  room: string;
  streamId: number | null;
}

/** Joins the room once the session is known (a member chats under their ID) and leaves it on unmount. */
function useChatRoom(room: string, streamId: number | null) {
  useEffect(() => {
    let cancelled = false;
    void loadSession().then((s) => {
      if (!cancelled) startChat({ room, streamId, me: s.status === 'member' ? s.profile.loginId : null });
    });
    return () => {
      cancelled = true;
      void stopChat();
    };
  }, [room, streamId]);
}

/** The room's lines less those of members `me` blocked (the server still stores them). */
function useShownItems(items: ChatState['buffer']['items'], me: string | null) {
  const blocked = useStore($blockedLoginIds);
  useEffect(() => {
    if (me) void loadBlocked();
  }, [me]);
  return blocked.size ? items.filter((i) => i.kind !== 'line' || !blocked.has(i.line.loginId)) : items;
}

export default function ChatPanel({ locale, room, streamId }: Props) {
  const chat = useStore($chat);
  const announcement = useStore($chatAnnouncement);
  const session = useSession();
  const [error, setError] = useState('');
  const [target, setTarget] = useState<{ loginId: string; nickname: string } | null>(null);
  // The name that opened the menu gets the focus back when it closes.
  const picker = useRef<HTMLElement | null>(null);
  const [notice, setNotice] = useState('');
  const o = { locale };
  const me = session.status === 'member' ? session.profile.loginId : null;
  const items = useShownItems(chat.buffer.items, me);
  useChatRoom(room, streamId);

  const moderator = chat.role === 'bj' || chat.role === 'manager';
  const canType = chat.status === 'ready' && me !== null;

  async function send(content: string): Promise<boolean> {
    const r = await sendChat(content);
    setError(r.ok ? '' : sendErrorText(r.code, locale));
    return r.ok;
  }

  async function act(type: ChatActionType, targetId?: string, on?: boolean) {
    const r = await chatAction({ type, targetId, ...(on === undefined ? {} : { on }) });
    setError(r.ok ? '' : sendErrorText(r.code, locale));
    setTarget(null);
  }

  function pick(loginId: string, nickname: string) {
    picker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setNotice('');
    setTarget({ loginId, nickname });
  }

  function closeMenu() {
    setTarget(null);
    picker.current?.focus();
  }

  async function block(who: { loginId: string; nickname: string }) {
    const failure = await blockMember(who.loginId);
    setError(failure ? failureText(failure, locale) : '');
    setNotice(failure ? '' : m.chat_name_blocked({ nickname: who.nickname }, o));
    setTarget(null);
  }

  return (
    <section className="chat-panel" aria-labelledby="chat-heading">
      <header className="chat-head">
        <h2 id="chat-heading">{m.chat_panel_heading({}, o)}</h2>
        {chat.viewers !== null && <span className="chat-viewers">{m.chat_viewers({ count: chat.viewers }, o)}</span>}
        <span className="chat-status" data-status={chat.status}>
          {statusText(chat.status, locale)}
        </span>
      </header>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {chat.status === 'disabled' && chat.reason && (
        <FormMessage className="chat-notice">{disabledText(chat.reason, locale)}</FormMessage>
      )}
      {chat.frozen && <p className="chat-notice">{m.chat_frozen_notice({ caster: brandWords(locale).caster }, o)}</p>}
      {chat.mutedUntil !== null && chat.mutedUntil > Date.now() && (
        <p className="chat-notice">
          {m.chat_muted_notice({ time: new Date(chat.mutedUntil).toLocaleTimeString(locale) }, o)}
        </p>
      )}
      {chat.lastAction && (
        <p className="chat-notice" data-testid="chat-action-notice">
          {actionText(chat.lastAction, locale)}
        </p>
      )}
      <ChatList locale={locale} items={items} me={me} onModerate={me ? pick : undefined} />
      {target && <NameMenu locale={locale} target={target} onBlock={() => void block(target)} onClose={closeMenu} />}
      {target && moderator && (
        <ModerationMenu
          locale={locale}
          role={chat.role}
          target={target}
          onAct={(type, on) => void act(type, target.loginId, on)}
          onClose={closeMenu}
        />
      )}
      {notice && (
        <p className="chat-notice" role="status">
          {notice}
        </p>
      )}
      {moderator && (
        <button type="button" className="chat-freeze" onClick={() => void act('freeze', undefined, !chat.frozen)}>
          {chat.frozen ? m.chat_unfreeze_button({}, o) : m.chat_freeze_button({}, o)}
        </button>
      )}
      <FormMessage className="chat-error">{error}</FormMessage>
      {session.status === 'guest' ? (
        <p className="chat-guest">
          {m.chat_guest_hint({}, o)}{' '}
          <button type="button" onClick={() => openAuthDialog({ tab: 'signin' })}>
            {m.chat_signin_button({}, o)}
          </button>
        </p>
      ) : (
        <ChatInput locale={locale} disabled={!canType} onSend={send} />
      )}
    </section>
  );
}
