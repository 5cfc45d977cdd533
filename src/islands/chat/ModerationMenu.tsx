import type { ChatActionType, ChatRole } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

interface Props {
  locale: Locale;
  role: ChatRole;
  target: { loginId: string; nickname: string };
  onAct: (type: ChatActionType) => void;
  onClose: () => void;
}

/** What the BJ (all four) or a manager (no appointing) can do to one chatter. */
export function ModerationMenu({ locale, role, target, onAct, onClose }: Props) {
  const o = { locale };
  const actions: [ChatActionType, string][] = [
    ['mute', m.chat_moderate_mute({}, o)],
    ['kick', m.chat_moderate_kick({}, o)],
    ['blacklist', m.chat_moderate_blacklist({}, o)],
  ];
  if (role === 'bj') actions.push(['manager', m.chat_moderate_manager({}, o)]);
  return (
    <div role="group" aria-label={m.chat_moderate_label({ nickname: target.nickname }, o)} className="chat-moderation">
      <p>{m.chat_moderate_label({ nickname: target.nickname }, o)}</p>
      {actions.map(([type, label]) => (
        <button key={type} type="button" onClick={() => onAct(type)}>
          {label}
        </button>
      ))}
      <button type="button" onClick={onClose}>
        {m.chat_moderate_close({}, o)}
      </button>
    </div>
  );
}
