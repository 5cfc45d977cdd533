import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { showMembersOnly } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { FileField } from '../cs/FileField.tsx';
import { errorText, formatDate } from '../my/errors.ts';
import { Pager } from '../my/Pager.tsx';
import '../my/my.css';
import { BOARD_CATEGORIES, BOARD_PAGE_LIMIT, boardSettingCheck, listBoard, writeBoard, type BoardItem, type BoardSetting, type Page } from './api.ts';
import { BoardPostView } from './BoardPostView.tsx';
import { categoryLabel } from './labels.ts';

const idFrom = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** A channel's board: `/boards?channelId=N` lists, `&boardId=M` opens a post. */
export default function BoardPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useSession();
  const [channelId, setChannelId] = useState<number | null | undefined>(undefined);
  const [boardId, setBoardId] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page<BoardItem> | null>(null);
  const [setting, setSetting] = useState<BoardSetting | null>(null);
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  useEffect(() => {
    void loadSession();
    const q = new URLSearchParams(window.location.search);
    setChannelId(idFrom(q.get('channelId')));
    setBoardId(idFrom(q.get('boardId')));
  }, []);
  const load = async () => {
    if (!channelId) return;
    try {
      setPage(await listBoard(channelId, offset));
      setSetting(await boardSettingCheck(channelId));
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  useEffect(() => {
    void load();
  }, [channelId, offset, session.status]);
  const open = (id: number | null) => {
    setBoardId(id);
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('boardId', String(id));
    else url.searchParams.delete('boardId');
    window.history.pushState(null, '', url);
    if (!id) void load();
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    setFormError('');
    try {
      const res = await writeBoard(new FormData(formEl));
      formEl.reset();
      setWriting(false);
      open(res.boardId);
    } catch (err) {
      setFormError(errorText(err, locale));
    }
  };
  if (channelId === undefined) return null;
  if (channelId === null)
    return (
      <p className="my-error" role="alert">
        {m.board_no_channel({}, o)}
      </p>
    );
  if (boardId) return <BoardPostView boardId={boardId} locale={locale} signedIn={session.status === 'member'} onBack={() => open(null)} />;
  const startWriting = () => (session.status === 'member' ? setWriting(true) : showMembersOnly());
  return (
    <div className="my-page">
      <div className="my-actions">
        {(session.status === 'guest' || (session.status === 'member' && setting?.canWrite)) && (
          <button type="button" className="flx-button flx-button--primary" onClick={startWriting}>
            {m.board_write({}, o)}
          </button>
        )}
      </div>
      {writing && (
        <section className="my-card" aria-labelledby="board-write-title">
          <h2 id="board-write-title">{m.board_write({}, o)}</h2>
          <form className="my-form" onSubmit={submit} encType="multipart/form-data">
            <input type="hidden" name="channelId" value={channelId} />
            <label>
              {m.cs_category_label({}, o)}
              <select name="category" defaultValue="free">
                {BOARD_CATEGORIES.filter((c) => c !== 'notice' || setting?.isOwner).map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel(c, locale)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {m.cs_title_label({}, o)}
              <input type="text" name="title" maxLength={100} required />
            </label>
            <label>
              {m.cs_content_label({}, o)}
              <textarea name="content" maxLength={10000} required />
            </label>
            <FileField locale={locale} id="board-files" />
            {formError && (
              <p className="my-error" role="alert">
                {formError}
              </p>
            )}
            <div className="my-actions">
              <button type="submit" className="flx-button flx-button--primary">
                {m.board_submit({}, o)}
              </button>
              <button type="button" className="flx-button" onClick={() => setWriting(false)}>
                {m.board_cancel({}, o)}
              </button>
            </div>
          </form>
        </section>
      )}
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
      {page && page.list.length === 0 && <p className="my-empty">{m.board_empty({}, o)}</p>}
      <ul className="my-list">
        {page?.list.map((b) => (
          <li key={b.boardId}>
            <div className="my-list__main">
              <a
                href={`/boards?channelId=${channelId}&boardId=${b.boardId}`}
                onClick={(e) => {
                  e.preventDefault();
                  open(b.boardId);
                }}
              >
                {b.important && <span className="my-badge">{m.board_important_badge({}, o)}</span>} [{categoryLabel(b.category, locale)}] {b.title}
              </a>
              <p className="my-muted">
                {b.author.nickname} · {formatDate(b.createdAt, locale)} · {m.board_counts({ likes: b.likes, comments: b.comments }, o)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {page && <Pager offset={offset} limit={BOARD_PAGE_LIMIT} total={page.total} onChange={setOffset} locale={locale} />}
    </div>
  );
}
