import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
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
import type { ChatRules } from '../../stores/chat-rules.ts';
import { $blockedLoginIds, blockMember, loadBlocked } from '../../stores/blocking.ts';
import { failureText } from '../../lib/error-text.ts';
import { actionText, disabledText, sendErrorText, statusText } from './chat-texts.ts';
import { useHeldItems } from './chat-hold.ts';
import { ChatInput } from './ChatInput.tsx';
import { ChatList } from './ChatList.tsx';
import { GiftAlert } from './GiftAlert.tsx';
import { ModerationMenu } from './ModerationMenu.tsx';
import { NameMenu } from './NameMenu.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './chat.css';

// Opened on demand: their buttons are in the panel from the first frame.
const ChatSettings = lazy(() => import('./ChatSettings.tsx'));
const ViewerList = lazy(() => import('./ViewerList.tsx'));
type RulesUi = typeof import('./RulesUi.tsx');
const loadRulesUi = () => import('./RulesUi.tsx');

/** Codes of the room's rules: their words come with the rules' chunk. */
const RULE_CODES: readonly string[] = ['slow_mode', 'followers_only', 'subscribers_only', 'emote_only', 'blocked_word'];

/** The rules' chunk, once a mode is on (a moderator edits them in the settings, which load their own). */
function useRulesUi(rules: ChatRules): RulesUi | null {
  const [ui, setUi] = useState<RulesUi | null>(null);
  const on = rules.slowModeS > 0 || rules.followersOnlyMinM !== null || rules.subscribersOnly || rules.emoteOnly;
  useEffect(() => {
    if (on && !ui) void loadRulesUi().then((mod) => setUi(() => mod));
  }, [on, ui]);
  return ui;
}

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
      if (cancelled) return;
      const member = s.status === 'member' ? s.profile : null;
      startChat({ room, streamId, me: member?.loginId ?? null, nickname: member?.nickname ?? null });
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

/** The room's nicknames, newest speaker first, for @ autocomplete (not the member's own). */
function useRoomNames(items: ChatState['buffer']['items'], me: string | null): string[] {
  return useMemo(() => {
    const names = new Set<string>();
    for (let i = items.length - 1; i >= 0; i -= 1) {
      const item = items[i]!;
      if (item.kind === 'line' && item.line.loginId !== me) names.add(item.line.nickname);
    }
    return [...names];
  }, [items, me]);
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
  const [pickerRequest, setPickerRequest] = useState(0);
  const [open, setOpen] = useState<'settings' | 'viewers' | null>(null);
  const o = { locale };
  const me = session.status === 'member' ? session.profile.loginId : null;
  const myNickname = session.status === 'member' ? session.profile.nickname : null;
  // Incoming lines wait for the viewer's video when it runs behind (chat-hold.ts).
  const held = useHeldItems(useShownItems(chat.buffer.items, me), me);
  const items = held.items;
  const names = useRoomNames(items, me);
  useChatRoom(room, streamId);

  const moderator = chat.role === 'bj' || chat.role === 'manager';
  const canType = chat.status === 'ready' && me !== null;
  const rulesUi = useRulesUi(chat.rules);

  async function send(content: string): Promise<boolean> {
    const r = await sendChat(content);
    if (r.ok) setError('');
    else if (RULE_CODES.includes(r.code)) setError((await loadRulesUi()).refusalText(r, $chat.get().rules, locale));
    else setError(sendErrorText(r.code, locale));
    if (!r.ok && r.code === 'emote_only') setPickerRequest((n) => n + 1);
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
        <span className="chat-tools">
          <button type="button" aria-haspopup="dialog" onClick={() => setOpen('viewers')} className="chat-tool">
            {m.chat_viewers_button({}, o)}
          </button>
          <button
            type="button"
            aria-expanded={open === 'settings'}
            aria-controls={open === 'settings' ? 'chat-settings' : undefined}
            onClick={() => setOpen(open === 'settings' ? null : 'settings')}
            className="chat-tool"
          >
            {m.chat_settings_button({}, o)}
          </button>
        </span>
      </header>
      {open && (
        <Suspense fallback={null}>
          {open === 'settings' ? (
            <ChatSettings id="chat-settings" locale={locale} moderator={moderator} onClose={() => setOpen(null)} />
          ) : (
            <ViewerList locale={locale} onClose={() => setOpen(null)} />
          )}
        </Suspense>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {chat.mention && m.chat_mention_announce({ nickname: chat.mention.nickname, content: chat.mention.content }, o)}
      </div>
      <GiftAlert locale={locale} gift={held.released(chat.alertGift) ? chat.alertGift : null} />
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
      <ChatList locale={locale} items={items} me={me} myNickname={myNickname} onModerate={me ? pick : undefined} />
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
      {rulesUi && <rulesUi.RuleModes rules={chat.rules} locale={locale} />}
      <FormMessage className="chat-error">{error}</FormMessage>
      {session.status === 'guest' ? (
        <p className="chat-guest">
          {m.chat_guest_hint({}, o)}{' '}
          <button type="button" onClick={() => openAuthDialog({ tab: 'signin' })}>
            {m.chat_signin_button({}, o)}
          </button>
        </p>
      ) : (
        <ChatInput locale={locale} disabled={!canType} onSend={send} names={names} pickerRequest={pickerRequest}>
          {rulesUi && !moderator && (
            <rulesUi.InputHints locale={locale} emoteOnly={chat.rules.emoteOnly} slowUntil={chat.slowUntil} />
          )}
        </ChatInput>
      )}
    </section>
  );
}
