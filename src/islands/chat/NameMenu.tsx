import { useEffect, useRef } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { csPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';

interface Props {
  locale: Locale;
  target: { loginId: string; nickname: string };
  onBlock: () => void;
  onClose: () => void;
}

/**
 * What a member can do to a chatter whose name they picked: block (their lines hide) or report
 * (the customer-service report form, the target filled in). Focus moves in; Escape closes.
 */
export function NameMenu({ locale, target, onBlock, onClose }: Props) {
  const o = { locale };
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [target.loginId]);
  const label = m.chat_name_menu_label({ nickname: target.nickname }, o);
  return (
    <div
      role="group"
      aria-label={label}
      className="chat-moderation chat-name-menu"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <p>{label}</p>
      <button ref={first} type="button" onClick={onBlock}>
        {m.chat_name_block({}, o)}
      </button>
      <a href={`${csPath('report')}&${new URLSearchParams({ target: target.loginId })}`}>{m.chat_name_report({}, o)}</a>
      <button type="button" onClick={onClose}>
        {m.chat_moderate_close({}, o)}
      </button>
    </div>
  );
}
