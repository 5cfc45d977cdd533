import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { CHANNEL_NOTICE_CONTENT_LENGTH_MAX, CHANNEL_NOTICE_TITLE_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { boardPath } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $channelTools, deleteNotice, saveNotice, type ChannelNotice } from '../../stores/my-channel.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

interface RowProps {
  notice: ChannelNotice;
  locale: Locale;
  onEdit: (id: number) => void;
}

/** One notice with its edit and delete buttons (delete after a confirmation). */
function NoticeRow({ notice: n, locale, onEdit }: RowProps) {
  const o = { locale };
  const confirm = useConfirm(locale);
  return (
    <li>
      <div className="my-list__main">
        <strong>{n.title}</strong> <span className="my-muted">{formatDate(n.createdAt, locale)}</span>
        <p className="my-pre">{n.content}</p>
      </div>
      <div className="my-actions">
        <button
          type="button"
          className="flx-button flx-button--small"
          aria-label={m.bj_notice_edit_named({ title: n.title }, o)}
          onClick={() => onEdit(n.noticeId)}
        >
          {m.bj_notice_edit({}, o)}
        </button>
        <button
          type="button"
          className="flx-button flx-button--small"
          aria-label={m.cs_delete_named({ title: n.title }, o)}
          onClick={() => {
            void confirm
              .ask(m.cs_delete_confirm({}, o), { confirmLabel: m.cs_delete({}, o), danger: true })
              .then((yes) => yes && deleteNotice(n.noticeId));
          }}
        >
          {m.cs_delete({}, o)}
        </button>
      </div>
      {confirm.dialog}
    </li>
  );
}

/** The owner's channel notices: write, edit, delete. */
export function ChannelNotices({
  channelId,
  notices,
  locale,
}: {
  channelId: number;
  notices: ChannelNotice[];
  locale: Locale;
}) {
  const o = { locale };
  const [editing, setEditing] = useState<number | null>(null);
  const { noticeFailure } = useStore($channelTools);
  const error = noticeFailure ? failureText(noticeFailure, locale) : '';
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const d = new FormData(formEl);
    if (!(await saveNotice(editing, String(d.get('title') ?? '').trim(), String(d.get('content') ?? '').trim())))
      return;
    formEl.reset();
    setEditing(null);
  };
  const current = notices.find((n) => n.noticeId === editing);
  return (
    <section className="my-card" aria-labelledby="bj-notice-title">
      <h2 id="bj-notice-title">{m.bj_notice_title({}, o)}</h2>
      <p>
        <a href={boardPath(channelId)}>{m.bj_board_link({}, o)}</a>
      </p>
      <form key={editing ?? 'new'} className="my-form" onSubmit={submit}>
        <label>
          {m.cs_title_label({}, o)}
          <input
            type="text"
            name="title"
            maxLength={CHANNEL_NOTICE_TITLE_LENGTH_MAX}
            defaultValue={current?.title ?? ''}
            required
          />
        </label>
        <label>
          {m.cs_content_label({}, o)}
          <textarea
            name="content"
            maxLength={CHANNEL_NOTICE_CONTENT_LENGTH_MAX}
            defaultValue={current?.content ?? ''}
            required
          />
        </label>
        <FormMessage className="my-error">{error}</FormMessage>
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
          <NoticeRow key={n.noticeId} notice={n} locale={locale} onEdit={setEditing} />
        ))}
      </ul>
    </section>
  );
}
