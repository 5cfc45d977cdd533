import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $boardLikers, loadLikers } from '../../stores/board-likers.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/** A disclosure under a post: how many liked it and who, newest first; read again when the like count changes. */
export function BoardLikers({ boardId, likes, locale }: { boardId: number; likes: number; locale: Locale }) {
  const o = { locale };
  const [open, setOpen] = useState(false);
  const s = useStore($boardLikers);
  const panelId = useId();
  useEffect(() => {
    if (open) void loadLikers(boardId);
  }, [open, boardId, likes]);
  const mine = s.boardId === boardId;
  return (
    <div className="board-likers">
      <button
        type="button"
        className="flx-button flx-button--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {m.board_likers_toggle({}, o)}
      </button>
      <div id={panelId} hidden={!open} aria-busy={mine && s.status === 'loading'}>
        {open && mine && s.status === 'error' && (
          <FormMessage className="my-error">
            {s.failure ? failureText(s.failure, locale) : m.board_likers_error({}, o)}{' '}
            <button type="button" className="flx-button flx-button--small" onClick={() => void loadLikers(boardId)}>
              {m.board_likers_retry({}, o)}
            </button>
          </FormMessage>
        )}
        {open && mine && s.status === 'ready' && (
          <>
            <p>{m.board_likers_count({ count: s.count ?? 0 }, o)}</p>
            {s.list.length === 0 ? (
              <p className="my-empty">{m.board_likers_empty({}, o)}</p>
            ) : (
              <ul className="board-likers-list" aria-label={m.board_likers_toggle({}, o)}>
                {s.list.map((l) => (
                  <li key={l.loginId}>{l.nickname}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
