import type { ChatActionType, ChatRole } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

interface Props {
  locale: Locale;
  role: ChatRole;
  target: { loginId: string; nickname: string };
  onAct: (type: ChatActionType, on: boolean) => void;
  onClose: () => void;
}

/** What the BJ (everything) or a manager (no appointing) can do to one chatter, and undo. */
export function ModerationMenu({ locale, role, target, onAct, onClose }: Props) {
  const o = { locale };
  const actions: [ChatActionType, boolean, string][] = [
    ['mute', true, m.chat_moderate_mute({}, o)],
    ['mute', false, m.chat_moderate_unmute({}, o)],
    ['kick', true, m.chat_moderate_kick({}, o)],
    ['blacklist', true, m.chat_moderate_blacklist({}, o)],
    ['blacklist', false, m.chat_moderate_unblacklist({}, o)],
  ];
  if (role === 'bj')
    actions.push(
      ['manager', true, m.chat_moderate_manager({}, o)],
      ['manager', false, m.chat_moderate_unmanager({}, o)],
    );
  return (
    <div role="group" aria-label={m.chat_moderate_label({ nickname: target.nickname }, o)} className="chat-moderation">
      <p>{m.chat_moderate_label({ nickname: target.nickname }, o)}</p>
      {actions.map(([type, on, label]) => (
        <button key={`${type}-${on}`} type="button" onClick={() => onAct(type, on)}>
          {label}
        </button>
      ))}
      <button type="button" onClick={onClose}>
        {m.chat_moderate_close({}, o)}
      </button>
    </div>
  );
}
