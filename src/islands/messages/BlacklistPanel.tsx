import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { errorText, formatDate } from '../my/errors.ts';
import { addBlacklist, listBlacklist, removeBlacklist, type Blocked } from './api.ts';
import { loadBlocked } from './blocked.ts';

export function BlacklistPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  const [list, setList] = useState<Blocked[] | null>(null);
  const [loginId, setLoginId] = useState('');
  const [error, setError] = useState('');
  const load = () => {
    void loadBlocked({ force: true });
    return listBlacklist().then(
      (r) => setList(r.list),
      (err) => setError(errorText(err, locale)),
    );
  };
  useEffect(() => {
    void load();
  }, []);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      await addBlacklist(loginId.trim());
      setLoginId('');
      await load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const remove = async (id: string) => {
    try {
      await removeBlacklist(id);
      await load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  return (
    <section className="my-card" aria-labelledby="blacklist-title">
      <h2 id="blacklist-title">{m.msg_blacklist_title({}, o)}</h2>
      <form className="my-form" onSubmit={add}>
        <label>
          {m.msg_blacklist_add_label({}, o)}
          <input type="text" name="blockLoginId" value={loginId} maxLength={15} onChange={(e) => setLoginId(e.target.value.replace(/\s/g, ''))} />
        </label>
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--small">
            {m.msg_blacklist_add({}, o)}
          </button>
        </div>
      </form>
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
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
              onClick={() => void remove(b.loginId)}
            >
              {m.msg_blacklist_remove({}, o)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
