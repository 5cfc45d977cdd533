/**
 * The broadcaster tools' blocked words: a list the BJ edits (add, remove) and saves at once. A
 * refusal (a word too long, too many) is shown and the list and the word being typed stay as they
 * were, for the fix.
 */
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_BLOCKED_WORD_LENGTH_MAX } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { fetchChatRules, putChatRules } from '../../stores/chat-rules.ts';
import { isImeEnter } from '../auth/ime.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './chat-popups.css';

type Load = 'loading' | 'ready' | 'failed';

export default function BlockedWords({ locale, channelId }: { locale: Locale; channelId: number }) {
  const o = { locale };
  const id = useId();
  const [load, setLoad] = useState<Load>('loading');
  const [words, setWords] = useState<string[]>([]);
  const [word, setWord] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void fetchChatRules(String(channelId)).then((r) => {
      if (r.ok) setWords(r.value.blockedWords ?? []);
      setLoad(r.ok ? 'ready' : 'failed');
    });
  }, [channelId]);

  function add(e: FormEvent) {
    e.preventDefault();
    const w = word.trim();
    if (!w) return;
    setSaved(false);
    if (words.some((x) => x.toLowerCase() === w.toLowerCase())) {
      setError(m.chat_blocked_duplicate({}, o));
      return;
    }
    setWords([...words, w]);
    setWord('');
    setError('');
  }

  async function save() {
    setBusy(true);
    setSaved(false);
    const r = await putChatRules(String(channelId), { blockedWords: words });
    setBusy(false);
    if (!r.ok) {
      setError(failureText(r.failure, locale, m.chat_settings_failed({}, o)));
      return;
    }
    setWords(r.value.blockedWords ?? words);
    setError('');
    setSaved(true);
  }

  return (
    <section className="chat-blocked" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{m.chat_blocked_heading({}, o)}</h3>
      <p className="chat-blocked-note">{m.chat_blocked_intro({ caster: brandWords(locale).caster }, o)}</p>
      {load === 'loading' && <p aria-busy="true">{m.chat_blocked_loading({}, o)}</p>}
      {load === 'failed' && <FormMessage className="chat-error">{m.chat_blocked_load_failed({}, o)}</FormMessage>}
      {load === 'ready' && (
        <>
          {words.length === 0 ? (
            <p className="chat-blocked-note">{m.chat_blocked_empty({}, o)}</p>
          ) : (
            <ul className="chat-blocked-list" aria-label={m.chat_blocked_list({}, o)}>
              {words.map((w) => (
                <li key={w}>
                  <span>{w}</span>
                  <button
                    type="button"
                    aria-label={m.chat_blocked_remove({ word: w }, o)}
                    onClick={() => {
                      setWords(words.filter((x) => x !== w));
                      setSaved(false);
                    }}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="chat-blocked-add" onSubmit={add}>
            <label htmlFor={`${id}-w`}>{m.chat_blocked_input({}, o)}</label>
            <input
              id={`${id}-w`}
              value={word}
              maxLength={CHAT_BLOCKED_WORD_LENGTH_MAX * 2}
              autoComplete="off"
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => setWord(e.target.value)}
              onKeyDown={(e: KeyboardEvent) => {
                if (isImeEnter(e)) e.preventDefault();
              }}
            />
            <button type="submit">{m.chat_blocked_add({}, o)}</button>
          </form>
          <FormMessage id={`${id}-err`} className="chat-error">
            {error}
          </FormMessage>
          <button type="button" onClick={() => void save()} disabled={busy}>
            {m.chat_blocked_save({}, o)}
          </button>
          <p role="status" className="chat-blocked-note">
            {saved ? m.chat_blocked_saved({}, o) : ''}
          </p>
        </>
      )}
    </section>
  );
}
