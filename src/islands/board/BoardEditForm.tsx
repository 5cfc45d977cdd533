import { useState, type FormEvent } from 'react';
import { BOARD_CONTENT_LENGTH_MAX, BOARD_TITLE_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { FileField } from '../cs/FileField.tsx';
import { failureText } from '../../lib/error-text.ts';
import { boardCategoriesFor, updatePost, type BoardDetail } from '../../stores/boards.ts';
import { categoryLabel } from './labels.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/** The author's edit form (`PUT /api/cs/board-update`); new images are added to the post. */
export function BoardEditForm({
  post,
  locale,
  onDone,
  onCancel,
}: {
  post: BoardDetail;
  locale: Locale;
  onDone: () => void;
  onCancel: () => void;
}) {
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
          {boardCategoriesFor(post.isOwner).map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c, locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {m.cs_title_label({}, o)}
        <input type="text" name="title" maxLength={BOARD_TITLE_LENGTH_MAX} defaultValue={post.title} required />
      </label>
      <label>
        {m.cs_content_label({}, o)}
        <textarea name="content" maxLength={BOARD_CONTENT_LENGTH_MAX} defaultValue={post.content} required />
      </label>
      <FileField locale={locale} id="board-edit-files" />
      <FormMessage className="my-error">{error}</FormMessage>
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
