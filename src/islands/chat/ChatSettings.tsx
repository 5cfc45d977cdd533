/**
 * The chat panel's settings (loaded on first open): how this browser shows the chat, for everyone;
 * the room's rules for the BJ and managers, each applied as it is changed. Focus moves in; Escape
 * or Close gives it back to the button that opened it.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { brandWords, pageHas } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { $chat, saveChatRules } from '../../stores/chat.ts';
import { $chatPrefs, setChatPrefs } from '../../stores/chat-prefs.ts';
import type { ChatRules } from '../../stores/chat-rules.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import { durationText } from './RulesUi.tsx';
import './chat-popups.css';

// Managers have no broadcaster tools: they keep the blocked words here (a chunk of its own).
const BlockedWords = lazy(() => import('./BlockedWords.tsx'));

const SLOW_MODE_S = [0, 3, 5, 10, 30, 60, 120];
/** Follow-age steps in minutes: any follower, 10 min, 30 min, 1 h, 1 day, 1 week. */
const FOLLOW_MIN_M = [0, 10, 30, 60, 1440, 10080];

interface Props {
  id: string;
  locale: Locale;
  moderator: boolean;
  onClose: () => void;
}

/** The steps offered, with the room's current value among them if another client set one off the steps. */
const withCurrent = (steps: number[], current: number | null) =>
  current === null || steps.includes(current) ? steps : [...steps, current].sort((a, b) => a - b);

function RulesFields({ locale }: { locale: Locale }) {
  const o = { locale };
  const { rules, room, role } = useStore($chat);
  const [status, setStatus] = useState<{ error: string; saved: boolean }>({ error: '', saved: false });

  async function change(patch: Partial<ChatRules>) {
    setStatus({ error: '', saved: false });
    const failure = await saveChatRules(patch);
    setStatus({ error: failure ? failureText(failure, locale, m.chat_settings_failed({}, o)) : '', saved: !failure });
  }

  return (
    <fieldset className="chat-settings-rules">
      <legend>{m.chat_settings_rules({}, o)}</legend>
      <p className="chat-settings-note">{m.chat_settings_rules_hint({ caster: brandWords(locale).caster }, o)}</p>
      <label>
        {m.chat_settings_slow({}, o)}
        <select value={rules.slowModeS} onChange={(e) => void change({ slowModeS: Number(e.target.value) })}>
          {withCurrent(SLOW_MODE_S, rules.slowModeS).map((s) => (
            <option key={s} value={s}>
              {s === 0 ? m.chat_settings_off({}, o) : m.chat_settings_seconds({ n: s }, o)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.chat_settings_followers({}, o)}
        <select
          value={rules.followersOnlyMinM ?? 'off'}
          onChange={(e) => void change({ followersOnlyMinM: e.target.value === 'off' ? null : Number(e.target.value) })}
        >
          <option value="off">{m.chat_settings_off({}, o)}</option>
          {withCurrent(FOLLOW_MIN_M, rules.followersOnlyMinM).map((min) => (
            <option key={min} value={min}>
              {min === 0
                ? m.chat_settings_followers_any({}, o)
                : m.chat_settings_followers_min({ duration: durationText(min, locale) }, o)}
            </option>
          ))}
        </select>
      </label>
      {pageHas('subscriptions') && (
        <label className="chat-settings-check">
          <input
            type="checkbox"
            checked={rules.subscribersOnly}
            onChange={(e) => void change({ subscribersOnly: e.target.checked })}
          />
          {m.chat_settings_subscribers({}, o)}
        </label>
      )}
      <label className="chat-settings-check">
        <input
          type="checkbox"
          checked={rules.emoteOnly}
          onChange={(e) => void change({ emoteOnly: e.target.checked })}
        />
        {m.chat_settings_emote({}, o)}
      </label>
      <FormMessage className="chat-error">{status.error}</FormMessage>
      <p role="status" className="chat-settings-note">
        {status.saved ? m.chat_settings_saved({}, o) : ''}
      </p>
      {role === 'manager' && room !== null && (
        <details className="chat-settings-blocked">
          <summary>{m.chat_blocked_heading({}, o)}</summary>
          <Suspense fallback={null}>
            <BlockedWords locale={locale} channelId={Number(room)} />
          </Suspense>
        </details>
      )}
    </fieldset>
  );
}

export default function ChatSettings({ id, locale, moderator, onClose }: Props) {
  const o = { locale };
  const prefs = useStore($chatPrefs);
  const first = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
  }, []);
  function close() {
    onClose();
    opener.current?.focus();
  }
  return (
    <div
      id={id}
      role="group"
      aria-label={m.chat_settings_button({}, o)}
      className="chat-settings"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close();
      }}
    >
      <label className="chat-settings-check">
        <input
          ref={first}
          type="checkbox"
          checked={prefs.timestamps}
          onChange={(e) => setChatPrefs({ timestamps: e.target.checked })}
        />
        {m.chat_settings_timestamps({}, o)}
      </label>
      <label className="chat-settings-check">
        <input
          type="checkbox"
          checked={prefs.syncVideo}
          aria-describedby={`${id}-sync-hint`}
          onChange={(e) => setChatPrefs({ syncVideo: e.target.checked })}
        />
        {m.chat_sync_video({}, o)}
      </label>
      <p id={`${id}-sync-hint`} className="chat-settings-note">
        {m.chat_sync_video_hint({}, o)}
      </p>
      <fieldset className="chat-settings-density">
        <legend>{m.chat_settings_density({}, o)}</legend>
        {(['comfortable', 'compact'] as const).map((density) => (
          <label key={density} className="chat-settings-check">
            <input
              type="radio"
              name={`${id}-density`}
              checked={prefs.density === density}
              onChange={() => setChatPrefs({ density })}
            />
            {density === 'compact' ? m.chat_settings_compact({}, o) : m.chat_settings_comfortable({}, o)}
          </label>
        ))}
      </fieldset>
      {moderator && <RulesFields locale={locale} />}
      <button type="button" onClick={close}>
        {m.chat_moderate_close({}, o)}
      </button>
    </div>
  );
}
