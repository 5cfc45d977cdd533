import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LOGIN_ID_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $blacklist, addToBlacklist, loadBlacklist, unblock } from '../../stores/messages.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

export function BlacklistPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  const { list, failure } = useStore($blacklist);
  const [loginId, setLoginId] = useState('');
  useEffect(() => void loadBlacklist(), []);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (await addToBlacklist(loginId)) setLoginId('');
  };
  const error = failure ? failureText(failure, locale) : '';
  return (
    <section className="my-card" aria-labelledby="blacklist-title">
      <h2 id="blacklist-title">{m.msg_blacklist_title({}, o)}</h2>
      <form className="my-form" onSubmit={add}>
        <label>
          {m.msg_blacklist_add_label({}, o)}
          <input
            type="text"
            name="blockLoginId"
            value={loginId}
            maxLength={LOGIN_ID_LENGTH_MAX}
            onChange={(e) => setLoginId(e.target.value.replace(/\s/g, ''))}
          />
        </label>
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--small">
            {m.msg_blacklist_add({}, o)}
          </button>
        </div>
      </form>
      <FormMessage className="my-error">{error}</FormMessage>
      {list && list.length === 0 && <p className="my-empty">{m.msg_blacklist_empty({}, o)}</p>}
      <ul className="my-list">
        {list?.map((b) => (
          <li key={b.loginId}>
            <span className="my-list__main">
              {b.nickname} ({b.loginId}) <span className="my-muted">{formatDate(b.createdAt, locale)}</span>
            </span>
            <button
              type="button"
              className="flx-button flx-button--small"
              aria-label={m.msg_blacklist_remove_named({ loginId: b.loginId }, o)}
              onClick={() => void unblock(b.loginId)}
            >
              {m.msg_blacklist_remove({}, o)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
