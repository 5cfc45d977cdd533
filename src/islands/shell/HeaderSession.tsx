import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { openAuthDialog } from '../../stores/modals.ts';
import { $session, loadSession, logout } from '../../stores/session.ts';

/** The header's account area: sign-in / sign-up for guests, nickname, my page and sign-out for members. */
export default function HeaderSession({ locale }: { locale: Locale }) {
  const session = useStore($session);
  useEffect(() => {
    void loadSession();
  }, []);
  const o = { locale };
  if (session.status === 'unknown') return <span className="flx-account flx-account--pending" aria-hidden="true" />;
  if (session.status === 'guest') {
    return (
      <div className="flx-account">
        <button type="button" className="flx-button flx-button--small flx-button--primary" onClick={() => openAuthDialog({ tab: 'signin' })}>
          {m.shell_header_login({}, o)}
        </button>
        <button type="button" className="flx-button flx-button--small" onClick={() => openAuthDialog({ tab: 'signup' })}>
          {m.shell_header_signup({}, o)}
        </button>
      </div>
    );
  }
  return (
    <div className="flx-account">
      <span className="flx-account__name">{m.shell_header_signed_in_as({ nickname: session.profile.nickname }, o)}</span>
      <a className="flx-button flx-button--small" href="/my">{m.shell_header_my({}, o)}</a>
      <button type="button" className="flx-button flx-button--small"
        onClick={() => void logout().finally(() => window.location.assign('/'))}>
        {m.shell_header_logout({}, o)}
      </button>
    </div>
  );
}
