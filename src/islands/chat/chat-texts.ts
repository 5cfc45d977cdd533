/** Message texts for chat states, codes and actions (keys in messages/*.json). */
import { CHAT_MESSAGE_LENGTH_MAX, type ChatAction, type ChatErrorCode } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import type { ChatStatus, DisabledReason } from '../../lib/chat-socket.ts';
import { won } from '../../lib/format.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import type { ChatGift } from '../../stores/chat-buffer.ts';

export function statusText(status: ChatStatus, locale: Locale): string {
  const o = { locale };
  switch (status) {
    case 'idle':
      return m.chat_status_idle({}, o);
    case 'connecting':
      return m.chat_status_connecting({}, o);
    case 'ready':
      return m.chat_status_ready({}, o);
    case 'reconnecting':
      return m.chat_status_reconnecting({}, o);
    case 'error':
      return m.chat_status_error({}, o);
    case 'disabled':
      return '';
  }
}

export function disabledText(reason: DisabledReason, locale: Locale): string {
  const o = { locale };
  switch (reason) {
    case 'session_expired':
      return m.chat_disabled_session_expired({}, o);
    case 'adult_only':
      return m.chat_disabled_adult_only({}, o);
    case 'kicked':
      return m.chat_disabled_kicked({}, o);
    case 'blacklisted':
      return m.chat_disabled_blacklisted({}, o);
    case 'not_found':
      return m.chat_disabled_not_found({}, o);
    case 'password_required':
      return m.chat_disabled_password_required({}, o);
  }
}

export function sendErrorText(code: ChatErrorCode, locale: Locale): string {
  const o = { locale };
  if (code === 'muted') return m.chat_error_muted({}, o);
  if (code === 'frozen') return m.chat_error_frozen({ caster: brandWords(locale).caster }, o);
  if (code === 'rate_limited') return m.chat_error_rate_limited({}, o);
  if (code === 'too_long') return m.chat_error_too_long({ max: CHAT_MESSAGE_LENGTH_MAX }, o);
  return m.chat_error_generic({}, o);
}

export function actionText(a: ChatAction, locale: Locale): string {
  const o = { locale };
  const target = a.targetId ?? '';
  const key = `${a.type}_${a.on ? 'on' : 'off'}` as const;
  const texts = {
    mute_on: () => m.chat_action_mute_on({ target }, o),
    mute_off: () => m.chat_action_mute_off({ target }, o),
    kick_on: () => m.chat_action_kick_on({ target }, o),
    kick_off: () => m.chat_action_kick_off({ target }, o),
    blacklist_on: () => m.chat_action_blacklist_on({ target }, o),
    blacklist_off: () => m.chat_action_blacklist_off({ target }, o),
    manager_on: () => m.chat_action_manager_on({ target }, o),
    manager_off: () => m.chat_action_manager_off({ target }, o),
    freeze_on: () => m.chat_action_freeze_on({}, o),
    freeze_off: () => m.chat_action_freeze_off({}, o),
  };
  return texts[key]();
}

/** The gift's words: luv in the brand's currency word, or items by name when the page knows them. */
export function giftText(gift: ChatGift, locale: Locale, itemNames: ReadonlyMap<number, string>): string {
  const o = { locale };
  const { nickname, amount, itemCode } = gift;
  if (itemCode === null)
    return m.chat_gift_luv({ nickname, amount: won(amount, locale), currency: brandWords(locale).currency }, o);
  const item = itemNames.get(itemCode);
  return item ? m.chat_gift_item_named({ nickname, amount, item }, o) : m.chat_gift_item({ nickname, amount }, o);
}
