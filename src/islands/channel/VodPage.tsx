import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { m } from '../../paraglide/messages.js';
import { idFromPath, markPlayed, type StreamCard } from '../../stores/channel.ts';
import { loadSession } from '../../stores/session.ts';
import Player from '../player/Player.tsx';
import { AdultNotice } from './AdultNotice.tsx';
import './channel.css';

type Vod = StreamCard & { url: string | null };

/** A recording (`/vod/{streamId}`). */
export default function VodPage({ locale }: { locale: Locale }) {
  const [vod, setVod] = useState<Vod | null | 'missing'>(null);
  const o = { locale };
  const id = typeof window === 'undefined' ? null : idFromPath(window.location.pathname, 'vod');

  useEffect(() => {
    if (!id) return setVod('missing');
    void apiRequest<Vod>(`/api/vods/${id}`, { silent: true }).then(setVod, () => setVod('missing'));
    void loadSession().then((s) => {
      if (s.status === 'member') markPlayed(id);
    });
  }, [id]);

  if (vod === 'missing') return <p role="alert">{m.vod_not_found({}, o)}</p>;
  if (vod === null) return <p aria-busy="true">{m.channel_loading({}, o)}</p>;
  if (vod.locked) return <AdultNotice locale={locale} />;
  return (
    <article className="vod-page">
      {vod.url && vod.format && <Player locale={locale} format={vod.format} url={vod.url} live={false} poster={vod.thumbnail} />}
      <h1>{vod.title}</h1>
      <p>
        <a href={`/channels/${vod.channelId}`}>{m.channel_bj_label({ nickname: vod.nickname }, o)}</a> · {m.channel_views({ count: vod.viewCount }, o)}
      </p>
    </article>
  );
}
