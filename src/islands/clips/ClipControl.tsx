import { useId, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { CLIP_TITLE_LENGTH_MAX } from '../../../domain/limits.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { CLIP_LENGTHS, channelIdFromPath, clipPath, makeClip } from '../../stores/clips.ts';
import './clips.css';

type Stage =
  | { at: 'form' }
  | { at: 'making' }
  | { at: 'made'; url: string; copied: boolean }
  | { at: 'failed'; text: string };

/**
 * The player's clip control (가위 / Clip) on a live page: a title and a length (15, 30 or 60 s), then
 * the clip's link to copy or open. The live's channel is the page's (`/channels/{id}/live`).
 */
export default function ClipControl({ locale }: { locale: Locale }) {
  const o = { locale };
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [length, setLength] = useState<number>(CLIP_LENGTHS[0]);
  const [stage, setStage] = useState<Stage>({ at: 'form' });
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const channelId = typeof window === 'undefined' ? null : channelIdFromPath(window.location.pathname);
  if (channelId === null) return null;

  const close = () => {
    setOpen(false);
    setStage({ at: 'form' });
    button.current?.focus();
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setStage({ at: 'making' });
    const r = await makeClip(channelId, length, title);
    if (!r.ok) return setStage({ at: 'failed', text: failureText(r.failure, locale) });
    setStage({ at: 'made', url: new URL(clipPath(r.value.clipId), window.location.origin).toString(), copied: false });
  };
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setStage({ at: 'made', url, copied: true });
  };

  return (
    <span className="clip-control">
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={m.clip_button_label({}, o)}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span aria-hidden="true">✂ </span>
        {m.clip_button({}, o)}
      </button>
      {open && (
        <div
          className="clip-dialog"
          role="dialog"
          aria-labelledby={`${id}-h`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <h2 id={`${id}-h`}>{m.clip_dialog_title({}, o)}</h2>
          {stage.at === 'made' ? (
            <div className="clip-made">
              <p role="status">{stage.copied ? m.clip_link_copied({}, o) : m.clip_created({}, o)}</p>
              <input
                readOnly
                value={stage.url}
                aria-label={m.clip_open({}, o)}
                onFocus={(e) => e.currentTarget.select()}
              />
              <div className="clip-actions">
                <button type="button" className="flx-button flx-button--primary" onClick={() => void copy(stage.url)}>
                  {m.clip_copy_link({}, o)}
                </button>
                <a className="flx-button" href={stage.url} target="_blank" rel="noopener">
                  {m.clip_open({}, o)}
                </a>
                <button type="button" className="flx-button flx-button--ghost" onClick={close}>
                  {m.clip_cancel({}, o)}
                </button>
              </div>
            </div>
          ) : (
            <form onSubmit={(e) => void submit(e)}>
              <label htmlFor={`${id}-t`}>{m.clip_title_label({}, o)}</label>
              <input
                id={`${id}-t`}
                value={title}
                maxLength={CLIP_TITLE_LENGTH_MAX}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <fieldset className="flx-segmented">
                <legend>{m.clip_length_label({}, o)}</legend>
                {CLIP_LENGTHS.map((s) => (
                  <label key={s}>
                    <input
                      type="radio"
                      name={`${id}-len`}
                      value={s}
                      checked={length === s}
                      onChange={() => setLength(s)}
                    />
                    <span>{m.clip_length_seconds({ seconds: s }, o)}</span>
                  </label>
                ))}
              </fieldset>
              {stage.at === 'failed' && <p role="alert">{stage.text}</p>}
              <div className="clip-actions">
                <button type="submit" className="flx-button flx-button--primary" disabled={stage.at === 'making'}>
                  {stage.at === 'making' ? m.clip_creating({}, o) : m.clip_create({}, o)}
                </button>
                <button type="button" className="flx-button flx-button--ghost" onClick={close}>
                  {m.clip_cancel({}, o)}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </span>
  );
}
