import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { copyText, inviteLink } from '../../stores/auth-invite.ts';

/** My page: the member's invitation link (sign-up with them as the recommender) and a copy button. */
export function InviteLink({ loginId, locale }: { loginId: string; locale: Locale }) {
  const o = { locale };
  const id = useId();
  const [link, setLink] = useState('');
  const [status, setStatus] = useState('');
  // The origin is the browser's (one prebuilt page serves every host of the brand).
  useEffect(() => setLink(inviteLink(window.location.origin, loginId)), [loginId]);
  return (
    <section className="my-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.my_invite_title({}, o)}</h2>
      <p className="my-muted">{m.my_invite_hint({}, o)}</p>
      <div className="my-form">
        <label htmlFor={`${id}-link`}>{m.my_invite_link({}, o)}</label>
        <input id={`${id}-link`} type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="my-actions">
        <button
          type="button"
          className="flx-button flx-button--small"
          disabled={!link}
          onClick={() =>
            void copyText(link).then((ok) => setStatus(ok ? m.my_invite_copied({}, o) : m.my_invite_copy_failed({}, o)))
          }
        >
          {m.my_invite_copy({}, o)}
        </button>
      </div>
      <p className="my-ok" role="status">
        {status}
      </p>
    </section>
  );
}
