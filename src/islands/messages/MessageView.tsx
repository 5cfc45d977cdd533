import { useStore } from '@nanostores/react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import {
  $messageBox,
  blockSender,
  closeMessage,
  deleteOpenMessage,
  replyTo,
  reportOpenMessage,
  type Message,
} from '../../stores/messages.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/** One opened message with reply, report, block and delete. */
export function MessageView({ message, locale }: { message: Message; locale: Locale }) {
  const o = { locale };
  const { done, openFailure } = useStore($messageBox);
  const received = message.division === 'receive';
  const other = received ? message.loginId : message.targetId;
  const status =
    done === 'reported'
      ? m.msg_view_reported({}, o)
      : done === 'blocked'
        ? m.msg_view_blocked({ loginId: message.loginId }, o)
        : '';
  const error = openFailure ? failureText(openFailure, locale) : '';
  return (
    <article className="my-card" aria-labelledby="msg-view-title">
      <h2 id="msg-view-title">
        {received
          ? m.msg_view_from({ nickname: message.nickname, loginId: message.loginId }, o)
          : m.msg_view_to({ nickname: message.targetNickname, loginId: message.targetId }, o)}
      </h2>
      <p className="my-muted">{formatDate(message.createdAt, locale)}</p>
      <p className="my-pre">{message.content}</p>
      <FormMessage className="my-error">{error}</FormMessage>
      {status && (
        <p className="my-ok" role="status">
          {status}
        </p>
      )}
      <div className="my-actions">
        <button
          type="button"
          className="flx-button flx-button--small flx-button--primary"
          onClick={() => replyTo(other)}
        >
          {m.msg_view_reply({}, o)}
        </button>
        {received && (
          <>
            <button type="button" className="flx-button flx-button--small" onClick={() => void reportOpenMessage()}>
              {m.msg_view_report({}, o)}
            </button>
            <button type="button" className="flx-button flx-button--small" onClick={() => void blockSender()}>
              {m.msg_view_block({}, o)}
            </button>
          </>
        )}
        <button type="button" className="flx-button flx-button--small" onClick={() => void deleteOpenMessage()}>
          {m.msg_list_delete({}, o)}
        </button>
        <button type="button" className="flx-button flx-button--small" onClick={closeMessage}>
          {m.msg_view_close({}, o)}
        </button>
      </div>
    </article>
  );
}
