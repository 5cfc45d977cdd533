import { useEffect, useState } from 'react';
import type { Clip } from '../../../domain/answers/clips.ts';
import type { Locale } from '../../../domain/locales.ts';
import { channelPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { FormMessage } from '../ui/FormMessage.tsx';
import { clipIdFromPath, loadClip, removeClip } from '../../stores/clips.ts';
import './clips.css';

type State = { at: 'loading' } | { at: 'missing' } | { at: 'ready'; clip: Clip } | { at: 'deleted' };

/** A clip (`/clips/{clipId}`): its video (MP4), title, who clipped it, its link to copy, delete for the BJ and managers. */
export default function ClipPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const [state, setState] = useState<State>({ at: 'loading' });
  const [copied, setCopied] = useState(false);
  const id = typeof window === 'undefined' ? null : clipIdFromPath(window.location.pathname);

  useEffect(() => {
    if (!id) return setState({ at: 'missing' });
    void loadClip(id).then((r) => setState(r.ok ? { at: 'ready', clip: r.value } : { at: 'missing' }));
  }, [id]);

  if (state.at === 'missing') return <FormMessage>{m.error_clip_not_found({}, o)}</FormMessage>;
  if (state.at === 'deleted') return <p role="status">{m.clip_deleted({}, o)}</p>;
  if (state.at === 'loading') return <p aria-busy="true">{m.channel_loading({}, o)}</p>;
  const { clip } = state;
  // The site serves /media/ itself: the address's path plays on whichever of the brand's hosts the page is on.
  const local = (url: string | null) =>
    url === null
      ? undefined
      : `${new URL(url, window.location.href).pathname}${new URL(url, window.location.href).search}`;
  const copy = async () => {
    await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
    setCopied(true);
  };
  const remove = async () => {
    const r = await removeClip(clip.clipId);
    if (r.ok) setState({ at: 'deleted' });
  };
  return (
    <article className="clip-page">
      {clip.locked || !clip.url ? (
        <FormMessage>{m.clip_locked({}, o)}</FormMessage>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a clip of a live has no captions to give.
        <video
          className="clip-video"
          data-testid="clip-video"
          controls
          playsInline
          preload="metadata"
          src={local(clip.url)}
          poster={local(clip.thumbUrl)}
        />
      )}
      {clip.title && <h1>{clip.title}</h1>}
      <p>
        {m.clip_by({ nickname: clip.createdBy.nickname }, o)} · {m.clip_duration({ seconds: clip.durationS }, o)} ·{' '}
        <time dateTime={clip.createdAt}>{new Date(clip.createdAt).toLocaleString(locale)}</time>
      </p>
      <div className="clip-actions">
        <button type="button" className="flx-button flx-button--primary" onClick={() => void copy()}>
          {m.clip_copy_link({}, o)}
        </button>
        <a className="flx-button" href={channelPath(clip.channelId)}>
          {m.clip_go_channel({}, o)}
        </a>
        {clip.canDelete && (
          <button type="button" className="flx-button flx-button--danger" onClick={() => void remove()}>
            {m.clip_delete({}, o)}
          </button>
        )}
      </div>
      {copied && <p role="status">{m.clip_link_copied({}, o)}</p>}
    </article>
  );
}
