import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { BOARD_COMMENT_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import {
  $boardPost,
  addComment,
  commentReady,
  deleteComment,
  deletePost,
  openPost,
  toggleBoardLike,
  toggleImportant,
  type BoardDetail,
  type Comment,
} from '../../stores/boards.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import { BoardEditForm } from './BoardEditForm.tsx';
import { BoardLikers } from './BoardLikers.tsx';
import { categoryLabel } from './labels.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

type Guard = (action: () => Promise<unknown>) => () => void;

/** Members only: a guest gets the members-only dialog instead. */
function membersOnly(signedIn: boolean): Guard {
  return (action) => () => (signedIn ? void action() : showMembersOnly());
}

interface ActionsProps {
  post: BoardDetail;
  locale: Locale;
  guard: Guard;
  onEdit: () => void;
  onBack: () => void;
}

/** Like for every member; the important mark for the channel's owner; edit and delete where allowed. */
function PostActions({ post, locale, guard, onEdit, onBack }: ActionsProps) {
  const o = { locale };
  const small = 'flx-button flx-button--small';
  const confirm = useConfirm(locale);
  return (
    <div className="my-actions">
      <button type="button" className={small} aria-pressed={post.liked} onClick={guard(toggleBoardLike)}>
        {m.board_like({ count: post.likes }, o)}
      </button>
      {post.isOwner && (
        <button type="button" className={small} aria-pressed={post.important} onClick={guard(toggleImportant)}>
          {m.board_important_toggle({}, o)}
        </button>
      )}
      {post.canEdit && (
        <button type="button" className={small} onClick={onEdit}>
          {m.board_edit({}, o)}
        </button>
      )}
      {post.canDelete && (
        <button
          type="button"
          className={small}
          onClick={() => {
            void confirm
              .ask(m.cs_delete_confirm({}, o), { confirmLabel: m.cs_delete({}, o), danger: true })
              .then((yes) => yes && deletePost().then((gone) => gone && onBack()));
          }}
        >
          {m.cs_delete({}, o)}
        </button>
      )}
      {confirm.dialog}
    </div>
  );
}

interface CommentsProps {
  comments: Comment[];
  locale: Locale;
  guard: Guard;
  /** The draft, kept by the post view while the post is edited. */
  text: string;
  setText: (text: string) => void;
}

/** The comments of the open post and the form to add one. */
function CommentsSection({ comments, locale, guard, text, setText }: CommentsProps) {
  const o = { locale };
  const submitComment = (e: FormEvent) => {
    e.preventDefault();
    guard(async () => {
      if (await addComment(text)) setText('');
    })();
  };
  return (
    <section aria-labelledby="board-comments-title">
      <h3 id="board-comments-title">{m.board_comments_title({ count: comments.length }, o)}</h3>
      <form className="my-form" onSubmit={submitComment}>
        <label>
          {m.board_comment_label({}, o)}
          <textarea
            name="comment"
            maxLength={BOARD_COMMENT_LENGTH_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--small" disabled={!commentReady(text)}>
            {m.board_comment_submit({}, o)}
          </button>
        </div>
      </form>
      {comments.length === 0 && <p className="my-empty">{m.board_comments_empty({}, o)}</p>}
      <ul className="my-list">
        {comments.map((cm) => (
          <li key={cm.commentId}>
            <div className="my-list__main">
              <strong>{cm.author.nickname}</strong> <span className="my-muted">{formatDate(cm.createdAt, locale)}</span>
              <p className="my-pre">{cm.content}</p>
            </div>
            {cm.canDelete && (
              <button
                type="button"
                className="flx-button flx-button--small"
                aria-label={m.board_comment_delete_named({ nickname: cm.author.nickname }, o)}
                onClick={guard(() => deleteComment(cm.commentId))}
              >
                {m.cs_delete({}, o)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Props {
  boardId: number;
  locale: Locale;
  signedIn: boolean;
  onBack: () => void;
}

/** One post: content, attachments, like, comments, and the owner's important toggle. */
export function BoardPostView({ boardId, locale, signedIn, onBack }: Props) {
  const o = { locale };
  const state = useStore($boardPost);
  const post = state.boardId === boardId ? state.post : null;
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  useEffect(() => void openPost(boardId), [boardId]);
  const guard = membersOnly(signedIn);
  const error = state.failure ? failureText(state.failure, locale) : '';
  const status =
    state.important === 'on'
      ? m.board_important_on({}, o)
      : state.important === 'off'
        ? m.board_important_off({}, o)
        : '';
  if (!post) return error ? <FormMessage className="my-error">{error}</FormMessage> : null;
  if (editing) {
    return (
      <article className="my-card" aria-labelledby="board-edit-title">
        <h2 id="board-edit-title">{m.board_edit({}, o)}</h2>
        <BoardEditForm
          post={post}
          locale={locale}
          onCancel={() => setEditing(false)}
          onDone={() => setEditing(false)}
        />
      </article>
    );
  }
  return (
    <article className="my-card" aria-labelledby="board-post-title">
      <p>
        <button type="button" className="flx-button flx-button--small" onClick={onBack}>
          {m.board_back({}, o)}
        </button>
      </p>
      <h2 id="board-post-title">
        {post.important && <span className="my-badge">{m.board_important_badge({}, o)}</span>} [
        {categoryLabel(post.category, locale)}] {post.title}
      </h2>
      <p className="my-muted">
        {post.author.nickname} · {formatDate(post.createdAt, locale)}
      </p>
      <p className="my-pre">{post.content}</p>
      {post.attachments.map((a) => (
        <p key={a.id}>
          <img src={a.url} alt={m.board_image_alt({ name: a.name }, o)} className="my-img" loading="lazy" />
        </p>
      ))}
      <FormMessage className="my-error">{error}</FormMessage>
      {status && (
        <p className="my-ok" role="status">
          {status}
        </p>
      )}
      <PostActions post={post} locale={locale} guard={guard} onEdit={() => setEditing(true)} onBack={onBack} />
      <BoardLikers boardId={post.boardId} likes={post.likes} locale={locale} />
      <CommentsSection comments={state.comments} locale={locale} guard={guard} text={text} setText={setText} />
    </article>
  );
}
