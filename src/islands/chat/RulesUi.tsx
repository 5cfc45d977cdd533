/**
 * What the room's chat rules show (loaded once a rule is on, or a line is refused by one): the modes
 * above the input, the refusals' words, slow mode's countdown and emote-only's hint.
 */
import { useEffect, useState } from 'react';
import type { Ack } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { ChatRules } from '../../stores/chat-rules.ts';
import './chat-rules.css';

/** A follow's minimum age in words: 10분, 1시간, 1일 (the largest whole unit). */
export function durationText(minutes: number, locale: Locale): string {
  const o = { locale };
  if (minutes >= 1440 && minutes % 1440 === 0) return m.chat_duration_d({ n: minutes / 1440 }, o);
  if (minutes >= 60 && minutes % 60 === 0) return m.chat_duration_h({ n: minutes / 60 }, o);
  return m.chat_duration_m({ n: minutes }, o);
}

/** The modes in force, as viewers read them above the input ("슬로우 모드 (5초)", "구독자 전용" …). */
function modeTexts(rules: ChatRules, locale: Locale): string[] {
  const o = { locale };
  const modes: string[] = [];
  if (rules.slowModeS > 0) modes.push(m.chat_mode_slow({ seconds: rules.slowModeS }, o));
  if (rules.followersOnlyMinM === 0) modes.push(m.chat_mode_followers({}, o));
  else if (rules.followersOnlyMinM !== null)
    modes.push(m.chat_mode_followers_min({ duration: durationText(rules.followersOnlyMinM, locale) }, o));
  if (rules.subscribersOnly) modes.push(m.chat_mode_subscribers({}, o));
  if (rules.emoteOnly) modes.push(m.chat_mode_emote({}, o));
  return modes;
}

/**
 * Why the room's rules refused a line: the catalogue's words (slow mode with its wait), the follow
 * time when followers-only asks for one; '' for a code that is not a rule's.
 */
export function refusalText(r: Ack & { ok: false }, rules: ChatRules, locale: Locale): string {
  const o = { locale };
  switch (r.code) {
    case 'slow_mode':
      return m.error_slow_mode({ seconds: Math.max(1, Math.ceil((r.retryAfterMs ?? 1000) / 1000)) }, o);
    case 'followers_only':
      return rules.followersOnlyMinM
        ? m.chat_error_followers_min({ duration: durationText(rules.followersOnlyMinM, locale) }, o)
        : m.error_followers_only({}, o);
    case 'subscribers_only':
      return m.error_subscribers_only({}, o);
    case 'emote_only':
      return m.error_emote_only({}, o);
    case 'blocked_word':
      return m.error_blocked_word({}, o);
    default:
      return '';
  }
}

export function RuleModes({ rules, locale }: { rules: ChatRules; locale: Locale }) {
  const modes = modeTexts(rules, locale);
  if (!modes.length) return null;
  return (
    <ul className="chat-modes" aria-label={m.chat_modes_label({}, { locale })}>
      {modes.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** Seconds left of slow mode's wait, ticking down; nothing once it is over. */
function SlowCountdown({ until, locale }: { until: number; locale: Locale }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  const seconds = Math.ceil((until - now) / 1000);
  if (seconds <= 0) return null;
  return <p className="chat-countdown">{m.chat_slow_countdown({ seconds }, { locale })}</p>;
}

/** Under the input: emote-only's hint (the picker beside it) and slow mode's countdown after a line. */
export function InputHints({
  locale,
  emoteOnly,
  slowUntil,
}: {
  locale: Locale;
  emoteOnly: boolean;
  slowUntil: number | null;
}) {
  return (
    <>
      {emoteOnly && <p className="chat-emote-hint">{m.chat_emote_only_hint({}, { locale })}</p>}
      {slowUntil !== null && <SlowCountdown until={slowUntil} locale={locale} />}
    </>
  );
}
