import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelPath } from '../../../domain/routes.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { $vodPage, idFromPath, loadVod, markPlayed } from '../../stores/channel.ts';
import { loadSession } from '../../stores/session.ts';
import Player from '../player/Player.tsx';
import { AdultNotice } from './AdultNotice.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './channel.css';

// The recording's chat replay (#40): its own chunk, beside the video.
const VodChat = lazy(() => import('../chat/VodChat.tsx'));

/** A recording (`/vod/{streamId}`). */
export default function VodPage({ locale }: { locale: Locale }) {
  const page = useStore($vodPage);
  const o = { locale };
  const id = typeof window === 'undefined' ? null : idFromPath(window.location.pathname, 'vod');
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void loadVod(id);
    if (!id) return;
    void loadSession().then((s) => {
      if (s.status === 'member') markPlayed(id);
    });
  }, [id]);

  if (page.status === 'missing') return <FormMessage>{m.vod_not_found({}, o)}</FormMessage>;
  if (page.status === 'loading') return <p aria-busy="true">{m.channel_loading({}, o)}</p>;
  const { vod } = page;
  if (vod.locked) return <AdultNotice locale={locale} onVerified={() => loadVod(id)} />;
  return (
    <article className="vod-page">
      <div className="vod-stage">
        <div ref={stage}>
          {vod.url && vod.format && <Player locale={locale} format={vod.format} url={vod.url} poster={vod.thumbnail} />}
        </div>
        {vod.url && vod.streamId !== null && (
          <Suspense fallback={null}>
            <VodChat locale={locale} streamId={vod.streamId} startedAt={vod.startedAt} host={stage} />
          </Suspense>
        )}
      </div>
      <h1>{vod.title}</h1>
      <p>
        <a href={channelPath(vod.channelId)}>
          {m.channel_bj_label({ caster: brandWords(locale).caster, nickname: vod.nickname }, o)}
        </a>{' '}
        · {m.channel_views({ count: vod.viewCount }, o)}
      </p>
    </article>
  );
}
