import { useState, type FormEvent } from 'react';
import { LOGIN_ID_LENGTH_MAX, MESSAGE_CONTENT_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { failureText } from '../../lib/error-text.ts';
import { sendMessage } from '../../stores/messages.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

export function ComposeForm({ locale, initialTo = '' }: { locale: Locale; initialTo?: string }) {
  const o = { locale };
  const [to, setTo] = useState(initialTo);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setDone('');
    setBusy(true);
    const failure = await sendMessage(to, content);
    setBusy(false);
    if (failure) return setError(failureText(failure, locale));
    setContent('');
    setDone(m.msg_compose_sent({}, o));
  };
  return (
    <form className="my-form" onSubmit={submit} noValidate>
      <label>
        {m.msg_compose_to({}, o)}
        <input
          type="text"
          name="loginId"
          value={to}
          maxLength={LOGIN_ID_LENGTH_MAX}
          autoComplete="off"
          onChange={(e) => setTo(e.target.value.replace(/\s/g, ''))}
        />
      </label>
      <label>
        {m.msg_compose_content({}, o)}
        <textarea
          name="content"
          value={content}
          maxLength={MESSAGE_CONTENT_LENGTH_MAX}
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      <p className="my-muted">{m.msg_compose_count({ count: content.length, max: MESSAGE_CONTENT_LENGTH_MAX }, o)}</p>
      <FormMessage className="my-error">{error}</FormMessage>
      {done && (
        <p className="my-ok" role="status">
          {done}
        </p>
      )}
      <div className="my-actions">
        <button type="submit" className="flx-button flx-button--primary" disabled={busy}>
          {m.msg_compose_send({}, o)}
        </button>
      </div>
    </form>
  );
}
