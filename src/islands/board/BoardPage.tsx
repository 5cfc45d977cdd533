import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { BOARD_CONTENT_LENGTH_MAX, BOARD_TITLE_LENGTH_MAX, PAGE_LIMIT_DEFAULT } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { boardPath } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $board, boardAddress, boardCategoriesFor, loadBoard, writePost, type BoardItem } from '../../stores/boards.ts';
import { $boardNews, isNewPost, visitBoard } from '../../stores/board-news.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { FileField } from '../cs/FileField.tsx';
import { Pager } from '../ui/Pager.tsx';
import { Pencil } from 'lucide';
import { FormMessage } from '../ui/FormMessage.tsx';
import { Icon } from '../ui/Icon.tsx';
import { ListSkeleton } from '../ui/ListSkeleton.tsx';
import '../my/my.css';
import { BoardPostView } from './BoardPostView.tsx';
import { categoryLabel } from './labels.ts';

/**
 * The board's channel and open post, read from the address after hydration (the page is prebuilt
 * for every board; undefined until then). `open(id)` shows a post, `open(null)` the list again,
 * both in the address bar too.
 */
function useBoardAddress() {
  const [address, setAddress] = useState<{ channelId: number | null; boardId: number | null } | undefined>(undefined);
  useEffect(() => setAddress(boardAddress(window.location.search)), []);
  const channelId = address === undefined ? undefined : address.channelId;
  const boardId = address?.boardId ?? null;
  const open = (id: number | null) => {
    setAddress({ channelId: channelId ?? null, boardId: id });
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('boardId', String(id));
    else url.searchParams.delete('boardId');
    window.history.pushState(null, '', url);
    if (!id && channelId) void loadBoard(channelId);
  };
  return { channelId, boardId, open };
}

/** A channel's board: `/boards?channelId=N` lists, `&boardId=M` opens a post. */
export default function BoardPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useSession();
  const { offset, page, setting, failure } = useStore($board);
  useEffect(() => void loadSession(), []);
  const { channelId, boardId, open } = useBoardAddress();
  const [writing, setWriting] = useState(false);
  useEffect(() => {
    if (channelId) void loadBoard(channelId);
  }, [channelId, session.status]);
  useEffect(() => {
    if (channelId) void visitBoard(channelId);
  }, [channelId]);
  const error = failure ? failureText(failure, locale) : '';
  if (channelId === undefined) return null;
  if (channelId === null) return <FormMessage className="my-error">{m.board_no_channel({}, o)}</FormMessage>;
  const member = session.status === 'member';
  if (boardId) return <BoardPostView boardId={boardId} locale={locale} signedIn={member} onBack={() => open(null)} />;
  const startWriting = () => (member ? setWriting(true) : showMembersOnly());
  const written = (id: number) => {
    setWriting(false);
    open(id);
  };
  return (
    <div className="my-page">
      <div className="my-actions">
        {(session.status === 'guest' || (member && setting?.canWrite)) && (
          <button type="button" className="flx-button flx-button--primary" onClick={startWriting}>
            <Icon node={Pencil} />
            {m.board_write({}, o)}
          </button>
        )}
      </div>
      {writing && (
        <WriteForm
          locale={locale}
          channelId={channelId}
          isOwner={setting?.isOwner ?? false}
          onWritten={written}
          onCancel={() => setWriting(false)}
        />
      )}
      <FormMessage className="my-error">{error}</FormMessage>
      {page && page.list.length === 0 && <p className="my-empty">{m.board_empty({}, o)}</p>}
      {!page && !failure && <ListSkeleton locale={locale} rows={5} />}
      <ul className="my-list">
        {page?.list.map((b) => (
          <PostRow key={b.boardId} locale={locale} channelId={channelId} post={b} onOpen={open} />
        ))}
      </ul>
      {page && (
        <Pager
          offset={offset}
          limit={PAGE_LIMIT_DEFAULT}
          total={page.total}
          onChange={(next) => void loadBoard(channelId, next)}
          locale={locale}
        />
      )}
    </div>
  );
}

interface WriteFormProps {
  locale: Locale;
  channelId: number;
  /** The owner may also post notices. */
  isOwner: boolean;
  onWritten: (boardId: number) => void;
  onCancel: () => void;
}

/** A new post (category, title, text, images); a refusal stays in the form with what was typed. */
function WriteForm({ locale, channelId, isOwner, onWritten, onCancel }: WriteFormProps) {
  const o = { locale };
  const [formError, setFormError] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    setFormError('');
    const r = await writePost(new FormData(formEl));
    if (!r.ok) return setFormError(failureText(r.failure, locale));
    formEl.reset();
    onWritten(r.value.boardId);
  };
  return (
    <section className="my-card" aria-labelledby="board-write-title">
      <h2 id="board-write-title">{m.board_write({}, o)}</h2>
      <form className="my-form" onSubmit={submit} encType="multipart/form-data">
        <input type="hidden" name="channelId" value={channelId} />
        <label>
          {m.cs_category_label({}, o)}
          <select name="category" defaultValue="free">
            {boardCategoriesFor(isOwner).map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c, locale)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {m.cs_title_label({}, o)}
          <input type="text" name="title" maxLength={BOARD_TITLE_LENGTH_MAX} required />
        </label>
        <label>
          {m.cs_content_label({}, o)}
          <textarea name="content" maxLength={BOARD_CONTENT_LENGTH_MAX} required />
        </label>
        <FileField locale={locale} id="board-files" />
        <FormMessage className="my-error">{formError}</FormMessage>
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--primary">
            {m.board_submit({}, o)}
          </button>
          <button type="button" className="flx-button" onClick={onCancel}>
            {m.board_cancel({}, o)}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One post of the list: its link (opened in place), marks, author, date and counts. */
function PostRow(props: { locale: Locale; channelId: number; post: BoardItem; onOpen: (boardId: number) => void }) {
  const { locale, channelId, post: b, onOpen } = props;
  const o = { locale };
  const news = useStore($boardNews);
  const category = categoryLabel(b.category, locale);
  const counts = m.board_counts({ likes: b.likes, comments: b.comments }, o);
  return (
    <li>
      <div className="my-list__main">
        <a
          href={boardPath(channelId, b.boardId)}
          onClick={(e) => {
            e.preventDefault();
            onOpen(b.boardId);
          }}
        >
          {b.important && <span className="my-badge">{m.board_important_badge({}, o)}</span>} [{category}] {b.title}
          {isNewPost(news, channelId, b.boardId) && (
            <>
              {' '}
              <span className="my-badge board-new">{m.board_new_badge({}, o)}</span>
            </>
          )}
        </a>
        <p className="my-muted">
          {b.author.nickname} · {formatDate(b.createdAt, locale)} · {counts}
        </p>
      </div>
    </li>
  );
}
