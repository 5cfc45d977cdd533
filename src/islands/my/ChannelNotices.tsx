import { useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { deleteNotice, postNotice, putNotice, type ChannelProfile } from './api.ts';
import { errorText, formatDate } from './errors.ts';

/** The owner's channel notices: write, edit, delete. */
export function ChannelNotices({
  channelId,
  notices,
  locale,
  onChanged,
}: {
  channelId: number;
  notices: ChannelProfile['notices'];
  locale: Locale;
  onChanged: () => void;
}) {
  const o = { locale };
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const d = new FormData(formEl);
    const title = String(d.get('title') ?? '').trim();
    const content = String(d.get('content') ?? '').trim();
    setError('');
    try {
      if (editing) await putNotice(editing, title, content);
      else await postNotice(title, content);
      formEl.reset();
      setEditing(null);
      onChanged();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const current = notices.find((n) => n.noticeId === editing);
  return (
    <section className="my-card" aria-labelledby="bj-notice-title">
      <h2 id="bj-notice-title">{m.bj_notice_title({}, o)}</h2>
      <p>
        <a href={`/boards?channelId=${channelId}`}>{m.bj_board_link({}, o)}</a>
      </p>
      <form key={editing ?? 'new'} className="my-form" onSubmit={submit}>
        <label>
          {m.cs_title_label({}, o)}
          <input type="text" name="title" maxLength={100} defaultValue={current?.title ?? ''} required />
        </label>
        <label>
          {m.cs_content_label({}, o)}
          <textarea name="content" maxLength={2000} defaultValue={current?.content ?? ''} required />
        </label>
        {error && (
          <p className="my-error" role="alert">
            {error}
          </p>
        )}
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--primary">
            {editing ? m.bj_notice_update({}, o) : m.bj_notice_post({}, o)}
          </button>
          {editing && (
            <button type="button" className="flx-button" onClick={() => setEditing(null)}>
              {m.board_cancel({}, o)}
            </button>
          )}
        </div>
      </form>
      {notices.length === 0 && <p className="my-empty">{m.bj_notice_empty({}, o)}</p>}
      <ul className="my-list">
        {notices.map((n) => (
          <li key={n.noticeId}>
            <div className="my-list__main">
              <strong>{n.title}</strong> <span className="my-muted">{formatDate(n.createdAt, locale)}</span>
              <p className="my-pre">{n.content}</p>
            </div>
            <div className="my-actions">
              <button
                type="button"
                className="flx-button flx-button--small"
                aria-label={m.bj_notice_edit_named({ title: n.title }, o)}
                onClick={() => setEditing(n.noticeId)}
              >
                {m.bj_notice_edit({}, o)}
              </button>
              <button
                type="button"
                className="flx-button flx-button--small"
                aria-label={m.cs_delete_named({ title: n.title }, o)}
                onClick={() => {
                  if (window.confirm(m.cs_delete_confirm({}, o))) void deleteNotice(n.noticeId).then(onChanged, (err) => setError(errorText(err, locale)));
                }}
              >
                {m.cs_delete({}, o)}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
