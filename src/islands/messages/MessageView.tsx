import { useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { errorText, formatDate } from '../my/errors.ts';
import { addBlacklist, deleteMessages, reportMessage, type Message } from './api.ts';

/** One opened message with reply, report, block and delete. */
export function MessageView({
  message,
  locale,
  onClose,
  onReply,
  onChanged,
}: {
  message: Message;
  locale: Locale;
  onClose: () => void;
  onReply: (loginId: string) => void;
  onChanged: () => void;
}) {
  const o = { locale };
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const received = message.division === 'receive';
  const other = received ? message.loginId : message.targetId;
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    setError('');
    setStatus('');
    try {
      await fn();
      setStatus(ok);
      onChanged();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  return (
    <article className="my-card" aria-labelledby="msg-view-title">
      <h2 id="msg-view-title">
        {received
          ? m.msg_view_from({ nickname: message.nickname, loginId: message.loginId }, o)
          : m.msg_view_to({ nickname: message.targetNickname, loginId: message.targetId }, o)}
      </h2>
      <p className="my-muted">{formatDate(message.createdAt, locale)}</p>
      <p className="my-pre">{message.content}</p>
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
        <button type="button" className="flx-button flx-button--small flx-button--primary" onClick={() => onReply(other)}>
          {m.msg_view_reply({}, o)}
        </button>
        {received && (
          <>
            <button
              type="button"
              className="flx-button flx-button--small"
              onClick={() => void act(() => reportMessage(message.msgId, ''), m.msg_view_reported({}, o))}
            >
              {m.msg_view_report({}, o)}
            </button>
            <button
              type="button"
              className="flx-button flx-button--small"
              onClick={() => void act(() => addBlacklist(message.loginId), m.msg_view_blocked({ loginId: message.loginId }, o))}
            >
              {m.msg_view_block({}, o)}
            </button>
          </>
        )}
        <button
          type="button"
          className="flx-button flx-button--small"
          onClick={() =>
            void act(
              async () => {
                await deleteMessages([message.msgId]);
                onClose();
              },
              m.msg_list_deleted({}, o),
            )
          }
        >
          {m.msg_list_delete({}, o)}
        </button>
        <button type="button" className="flx-button flx-button--small" onClick={onClose}>
          {m.msg_view_close({}, o)}
        </button>
      </div>
    </article>
  );
}
