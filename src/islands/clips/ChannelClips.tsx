import { useEffect, useState } from 'react';
import type { Clip } from '../../../domain/answers/clips.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { clipPath, loadChannelClips, removeClip } from '../../stores/clips.ts';
import './clips.css';

/** The channel page's clips: the newest first, each a link to its page; the BJ and managers may delete them. */
export default function ChannelClips({ locale, channelId }: { locale: Locale; channelId: number }) {
  const o = { locale };
  const [list, setList] = useState<Clip[] | null>(null);

  useEffect(() => {
    void loadChannelClips(channelId).then((r) => setList(r.ok ? r.value.list : []));
  }, [channelId]);

  const remove = async (clipId: string) => {
    const r = await removeClip(clipId);
    if (r.ok) setList((l) => (l ?? []).filter((c) => c.clipId !== clipId));
  };

  return (
    <section className="channel-clips" aria-labelledby="channel-clips-h">
      <h2 id="channel-clips-h">{m.clip_list_title({}, o)}</h2>
      {list === null ? null : list.length === 0 ? (
        <p>{m.clip_list_empty({}, o)}</p>
      ) : (
        <ul>
          {list.map((clip) => (
            <li key={clip.clipId}>
              <a href={clipPath(clip.clipId)}>
                {clip.thumbUrl && (
                  <img
                    src={new URL(clip.thumbUrl, window.location.href).pathname}
                    alt=""
                    loading="lazy"
                    width={160}
                    height={90}
                  />
                )}
                <span>{clip.title ?? m.clip_button({}, o)}</span>
                <span className="clip-meta">{m.clip_duration({ seconds: clip.durationS }, o)}</span>
              </a>
              {clip.canDelete && (
                <button
                  type="button"
                  className="flx-button flx-button--small flx-button--ghost"
                  aria-label={`${m.clip_delete({}, o)}: ${clip.title ?? clip.clipId}`}
                  onClick={() => void remove(clip.clipId)}
                >
                  {m.clip_delete({}, o)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
