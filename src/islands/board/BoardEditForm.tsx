import { useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { FileField } from '../cs/FileField.tsx';
import { failureText } from '../../lib/error-text.ts';
import { BOARD_CATEGORIES, updatePost, type BoardDetail } from '../../stores/boards.ts';
import { categoryLabel } from './labels.ts';

/** The author's edit form (`PUT /api/cs/board-update`); new images are added to the post. */
export function BoardEditForm({ post, locale, onDone, onCancel }: { post: BoardDetail; locale: Locale; onDone: () => void; onCancel: () => void }) {
  const o = { locale };
  const [error, setError] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    const failure = await updatePost(new FormData(e.currentTarget));
    if (failure) setError(failureText(failure, locale));
    else onDone();
  };
  return (
    <form className="my-form" onSubmit={submit} encType="multipart/form-data" aria-label={m.board_edit({}, o)}>
      <input type="hidden" name="boardId" value={post.boardId} />
      <label>
        {m.cs_category_label({}, o)}
        <select name="category" defaultValue={post.category}>
          {BOARD_CATEGORIES.filter((c) => c !== 'notice' || post.isOwner).map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c, locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.cs_title_label({}, o)}
        <input type="text" name="title" maxLength={100} defaultValue={post.title} required />
      </label>
      <label>
        {m.cs_content_label({}, o)}
        <textarea name="content" maxLength={10000} defaultValue={post.content} required />
      </label>
      <FileField locale={locale} id="board-edit-files" />
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
      <div className="my-actions">
        <button type="submit" className="flx-button flx-button--primary">
          {m.my_setting_save({}, o)}
        </button>
        <button type="button" className="flx-button" onClick={onCancel}>
          {m.board_cancel({}, o)}
        </button>
      </div>
    </form>
  );
}
