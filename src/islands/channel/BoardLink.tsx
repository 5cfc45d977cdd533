import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { boardPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { $boardNews, checkBoardNews } from '../../stores/board-news.ts';

/** The channel's board link, marked "new" when a post appeared since the visitor last read the board. */
export function BoardLink({ channelId, locale }: { channelId: number; locale: Locale }) {
  const o = { locale };
  const news = useStore($boardNews);
  useEffect(() => void checkBoardNews(channelId), [channelId]);
  const fresh = news.channelId === channelId && news.hasNew;
  return (
    <p className="channel-board-link">
      <a href={boardPath(channelId)}>
        {m.channel_board_link({}, o)}
        {fresh && (
          <>
            {' '}
            <span className="channel-new-badge">{m.board_new_badge({}, o)}</span>
          </>
        )}
      </a>
    </p>
  );
}
