import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { showMembersOnly } from '../../stores/modals.ts';
import { errorText, formatDate } from '../my/errors.ts';
import { addComment, boardDetail, deleteBoard, deleteComment, listComments, setImportant, toggleLike, type BoardDetail, type Comment } from './api.ts';
import { BoardEditForm } from './BoardEditForm.tsx';
import { categoryLabel } from './labels.ts';

/** One post: content, attachments, like, comments, and the owner's important toggle. */
export function BoardPostView({ boardId, locale, signedIn, onBack }: { boardId: number; locale: Locale; signedIn: boolean; onBack: () => void }) {
  const o = { locale };
  const [post, setPost] = useState<BoardDetail | null>(null);
  const [comments, setComments] = useState<Comment[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState(false);
  const load = async () => {
    try {
      setPost(await boardDetail(boardId));
      setComments((await listComments(boardId)).list);
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  useEffect(() => {
    void load();
  }, [boardId]);
  const guard = (fn: () => Promise<unknown>) => async () => {
    if (!signedIn) return showMembersOnly();
    setError('');
    try {
      await fn();
      await load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const submitComment = (e: FormEvent) => {
    e.preventDefault();
    void guard(async () => {
      await addComment(boardId, text.trim());
      setText('');
    })();
  };
  if (!post)
    return error ? (
      <p className="my-error" role="alert">
        {error}
      </p>
    ) : null;
  if (editing) {
    return (
      <article className="my-card" aria-labelledby="board-edit-title">
        <h2 id="board-edit-title">{m.board_edit({}, o)}</h2>
        <BoardEditForm
          post={post}
          locale={locale}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            void load();
          }}
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
        {post.important && <span className="my-badge">{m.board_important_badge({}, o)}</span>} [{categoryLabel(post.category, locale)}] {post.title}
      </h2>
      <p className="my-muted">
        {post.author.nickname} ({post.author.loginId}) · {formatDate(post.createdAt, locale)}
      </p>
      <p className="my-pre">{post.content}</p>
      {post.attachments.map((a) => (
        <p key={a.id}>
          <img src={a.url} alt={m.board_image_alt({ name: a.name }, o)} className="my-img" loading="lazy" />
        </p>
      ))}
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="my-ok" role="status">
          {status}
        </p>
      )}
      <div className="my-actions">
        <button type="button" className="flx-button flx-button--small" aria-pressed={post.liked} onClick={guard(() => toggleLike(boardId))}>
          {m.board_like({ count: post.likes }, o)}
        </button>
        {post.isOwner && (
          <button
            type="button"
            className="flx-button flx-button--small"
            aria-pressed={post.important}
            onClick={guard(async () => {
              const res = await setImportant(post.channelId, boardId, !post.important);
              setStatus(res.important ? m.board_important_on({}, o) : m.board_important_off({}, o));
            })}
          >
            {m.board_important_toggle({}, o)}
          </button>
        )}
        {post.canEdit && (
          <button type="button" className="flx-button flx-button--small" onClick={() => setEditing(true)}>
            {m.board_edit({}, o)}
          </button>
        )}
        {post.canDelete && (
          <button
            type="button"
            className="flx-button flx-button--small"
            onClick={() => {
              if (window.confirm(m.cs_delete_confirm({}, o))) void deleteBoard(boardId).then(onBack, (err) => setError(errorText(err, locale)));
            }}
          >
            {m.cs_delete({}, o)}
          </button>
        )}
      </div>
      <section aria-labelledby="board-comments-title">
        <h3 id="board-comments-title">{m.board_comments_title({ count: comments.length }, o)}</h3>
        <form className="my-form" onSubmit={submitComment}>
          <label>
            {m.board_comment_label({}, o)}
            <textarea name="comment" maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <div className="my-actions">
            <button type="submit" className="flx-button flx-button--small" disabled={!text.trim()}>
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
    </article>
  );
}
