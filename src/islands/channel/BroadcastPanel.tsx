import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { BROADCAST_TITLE_MAX, LIVE_PASSWORD_MAX, LIVE_PASSWORD_MIN } from '../../../domain/schemas/broadcast.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $themes, loadThemes } from '../../stores/home.ts';
import { isImeEnter } from '../auth/ime.ts';
import {
  $broadcastPanel,
  editDraft,
  loadBroadcast,
  noticeShown,
  refreshBroadcast,
  runBroadcast,
  type BroadcastAction,
  type BroadcastPanelState,
  type BroadcastState,
} from '../../stores/broadcast.ts';
import { $isPersonallyVerified } from '../../stores/session.ts';
import { IngestSettings } from './IngestSettings.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './broadcast.css';

// The chat's blocked words, edited below the broadcast settings (a chunk of its own).
const BlockedWords = lazy(() => import('../chat/BlockedWords.tsx'));

/** How often the panel looks again while it waits for the encoder or a live runs (connects, drops). */
const REFRESH_MS = 5000;

const limits = { min: LIVE_PASSWORD_MIN, max: LIVE_PASSWORD_MAX };

/** Hangul composition: the Enter that commits a syllable must not submit the form. */
function guardIme(e: KeyboardEvent) {
  if (isImeEnter(e)) e.preventDefault();
}

function doneText(action: BroadcastAction, state: BroadcastState, locale: Locale): string {
  const o = { locale };
  if (action === 'start')
    return state.broadcasting ? m.channel_broadcast_started({}, o) : m.channel_broadcast_armed({}, o);
  if (action === 'stop') return m.channel_broadcast_stopped({}, o);
  return m.channel_broadcast_saved({}, o);
}

/**
 * The draft's own errors are the panel's words; the API's refusal is its own text (no answer: "not saved, try again").
 */
function errorText({ error, failure }: BroadcastPanelState, locale: Locale): string {
  const o = { locale };
  if (error === 'title') return m.channel_broadcast_error_title({}, o);
  if (error === 'password') return m.channel_broadcast_error_password(limits, o);
  if (error === 'request' && failure) return failureText(failure, locale, m.channel_broadcast_error_failed({}, o));
  return '';
}

/** Off the air, waiting for the encoder's video, on the air, or on the air with the encoder gone for now. */
function statusText(state: BroadcastState, locale: Locale): string {
  const o = { locale };
  if (state.broadcasting)
    return state.ingest.waitsForVideo && !state.ingest.publishing && state.ingest.disconnectedAt
      ? m.channel_broadcast_status_reconnecting({}, o)
      : m.channel_broadcast_status_live({}, o);
  return state.ingest.waitsForVideo && state.ingest.accepting
    ? m.channel_broadcast_status_waiting({}, o)
    : m.channel_broadcast_status_off({}, o);
}

/** Loads the panel; looks again when the page's live changes and, while one runs or is awaited, every few seconds. */
function useBroadcastRefresh(channelId: number, liveStreamId: number | null, watching: boolean) {
  useEffect(() => {
    void loadBroadcast(channelId);
    if ($themes.get().status !== 'ready') void loadThemes();
  }, [channelId]);
  useEffect(() => {
    void refreshBroadcast(channelId);
  }, [channelId, liveStreamId]);
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => void refreshBroadcast(channelId), REFRESH_MS);
    return () => clearInterval(timer);
  }, [channelId, watching]);
}

/**
 * "방송 관리": the channel owner sets what their live carries (title, theme, optional password,
 * adult), starts it (on the air when the encoder's video arrives), changes and ends it, and finds
 * the server URL and stream key for their encoder. `liveStreamId`: the page's live, so the panel
 * follows when it comes or goes.
 */
export function BroadcastPanel({
  locale,
  channelId,
  liveStreamId,
}: {
  locale: Locale;
  channelId: number;
  liveStreamId: number | null;
}) {
  const o = { locale };
  const p = useStore($broadcastPanel);
  const id = useId();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useBroadcastRefresh(channelId, liveStreamId, p.state !== null && (p.state.broadcasting || p.state.ingest.accepting));
  // The page remounts the panel after a start or stop: the outcome takes the focus the button had.
  useEffect(() => {
    if (p.done?.announce && noticeRef.current) {
      noticeRef.current.focus();
      noticeShown();
    }
  }, [p.done]);

  const heading = (
    <h2 id={`${id}-h`} className="broadcast-heading">
      {m.channel_broadcast_heading({}, o)}
    </h2>
  );
  if (p.channelId !== channelId || p.status === 'loading' || !p.state) {
    return (
      <section className="broadcast-panel" aria-labelledby={`${id}-h`}>
        {heading}
        {p.status === 'error' ? (
          <div role="alert">
            <p>{m.channel_broadcast_error_load({}, o)}</p>
            <button type="button" onClick={() => void loadBroadcast(channelId, { force: true })}>
              {m.channel_broadcast_retry({}, o)}
            </button>
          </div>
        ) : (
          <p aria-busy="true">{m.channel_broadcast_loading({}, o)}</p>
        )}
      </section>
    );
  }

  const { state, busy } = p;
  const live = state.broadcasting;
  return (
    <section className="broadcast-panel" aria-labelledby={`${id}-h`}>
      {heading}
      <p className="broadcast-state" aria-live="polite">
        {live ? <span className="badge badge-live">{m.channel_live_badge({}, o)}</span> : null}{' '}
        {statusText(state, locale)} {live && state.hasPassword ? m.channel_broadcast_status_protected({}, o) : ''}
      </p>
      <BroadcastForm locale={locale} id={id} panel={p} state={state} />
      <p role="status" className="broadcast-notice" ref={noticeRef} tabIndex={-1}>
        {busy ? m.channel_broadcast_saving({}, o) : p.done ? doneText(p.done.action, state, locale) : ''}
      </p>
      <FormMessage id={`${id}-err`} className="broadcast-error" live>
        {errorText(p, locale)}
      </FormMessage>
      <IngestSettings locale={locale} state={state} />
      <Suspense fallback={null}>
        <BlockedWords locale={locale} channelId={channelId} />
      </Suspense>
    </section>
  );
}

interface FormProps {
  locale: Locale;
  /** The panel's id prefix: the form's fields point at the panel's error (`${id}-err`). */
  id: string;
  panel: BroadcastPanelState;
  state: BroadcastState;
}

/** The live's title, theme, password and adult mark, with start (or save) and end; a refused field takes the focus. */
function BroadcastForm({ locale, id, panel, state }: FormProps) {
  const o = { locale };
  const { draft, busy, error } = panel;
  const themes = useStore($themes);
  const titleRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error === 'title') titleRef.current?.focus();
    if (error === 'password') passwordRef.current?.focus();
  }, [error, panel.attempt]);
  const live = state.broadcasting;
  const confirm = useConfirm(locale);
  function submit(e: FormEvent) {
    e.preventDefault();
    void runBroadcast(live ? 'save' : 'start');
  }
  async function end() {
    const yes = await confirm.ask(m.channel_broadcast_end_confirm({}, o), {
      confirmLabel: m.channel_broadcast_end({}, o),
      danger: true,
    });
    if (yes) void runBroadcast('stop');
  }
  return (
    <>
      <form className="broadcast-form" onSubmit={submit} aria-busy={busy ? true : undefined} noValidate>
        <label htmlFor={`${id}-title`}>{m.channel_broadcast_title_label({}, o)}</label>
        <input
          ref={titleRef}
          id={`${id}-title`}
          value={draft.title}
          maxLength={BROADCAST_TITLE_MAX}
          required
          aria-invalid={error === 'title' ? true : undefined}
          aria-describedby={error === 'title' ? `${id}-err` : undefined}
          onChange={(e) => editDraft({ title: e.target.value })}
          onKeyDown={guardIme}
        />
        <label htmlFor={`${id}-theme`}>{m.channel_broadcast_theme_label({}, o)}</label>
        <select
          id={`${id}-theme`}
          value={draft.themeId ?? ''}
          onChange={(e) => editDraft({ themeId: e.target.value ? Number(e.target.value) : null })}
          aria-describedby={themes.status === 'error' ? `${id}-themes` : undefined}
        >
          <option value="">{m.channel_broadcast_theme_none({}, o)}</option>
          {themes.list.map((t) => (
            <option key={t.themeId} value={t.themeId}>
              {t.name[locale]}
            </option>
          ))}
        </select>
        {themes.status === 'error' && (
          <p id={`${id}-themes`} className="broadcast-note">
            {m.channel_broadcast_themes_failed({}, o)}
          </p>
        )}
        <PasswordFields locale={locale} id={id} panel={panel} state={state} inputRef={passwordRef} />
        <AdultCheck locale={locale} id={id} adult={draft.adult} />
        <div className="broadcast-actions">
          <button type="submit" disabled={busy !== null}>
            {live ? m.channel_broadcast_save({}, o) : m.channel_broadcast_start({}, o)}
          </button>
          {live && (
            <button type="button" className="broadcast-end" onClick={() => void end()} disabled={busy !== null}>
              {m.channel_broadcast_end({}, o)}
            </button>
          )}
        </div>
      </form>
      {confirm.dialog}
    </>
  );
}

/** The live's password (a new one, or none with "remove" when it has one) and its rule. */
function PasswordFields({ locale, id, panel, state, inputRef }: FormProps & { inputRef: Ref<HTMLInputElement> }) {
  const o = { locale };
  const { draft, error } = panel;
  return (
    <>
      <label htmlFor={`${id}-pw`}>{m.channel_broadcast_password_label({}, o)}</label>
      <input
        ref={inputRef}
        id={`${id}-pw`}
        type="password"
        value={draft.password}
        autoComplete="new-password"
        maxLength={LIVE_PASSWORD_MAX * 2}
        disabled={draft.removePassword}
        aria-invalid={error === 'password' ? true : undefined}
        aria-describedby={`${id}-pw-hint${error === 'password' ? ` ${id}-err` : ''}`}
        onChange={(e) => editDraft({ password: e.target.value })}
        onKeyDown={guardIme}
      />
      <p id={`${id}-pw-hint`} className="broadcast-note">
        {state.hasPassword
          ? m.channel_broadcast_password_hint_set(limits, o)
          : m.channel_broadcast_password_hint(limits, o)}
      </p>
      {state.hasPassword && (
        <label className="broadcast-check">
          <input
            type="checkbox"
            checked={draft.removePassword}
            onChange={(e) => editDraft({ removePassword: e.target.checked, password: '' })}
          />
          {m.channel_broadcast_password_remove({}, o)}
        </label>
      )}
    </>
  );
}

/** The adult mark: only an identity-verified member may set it (one already set may be taken off). */
function AdultCheck({ locale, id, adult }: { locale: Locale; id: string; adult: boolean }) {
  const o = { locale };
  const verified = useStore($isPersonallyVerified);
  return (
    <>
      <label className="broadcast-check">
        <input
          type="checkbox"
          checked={adult}
          disabled={!verified && !adult}
          aria-describedby={verified ? undefined : `${id}-adult-hint`}
          onChange={(e) => editDraft({ adult: e.target.checked })}
        />
        {m.channel_broadcast_adult_label({}, o)}
      </label>
      {!verified && (
        <p id={`${id}-adult-hint`} className="broadcast-note">
          {m.channel_broadcast_adult_needs_pi({}, o)}
        </p>
      )}
    </>
  );
}
