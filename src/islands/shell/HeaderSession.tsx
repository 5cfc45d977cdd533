import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { isMembersOnlyPath } from '../../lib/members-only.ts';
import { notify } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { currentPath, openAuthDialog, type AuthTab } from '../../stores/modals.ts';
import { loadSession, logout } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';

/** Loaded for members only, so guest pages (sign-in above all) carry none of it. */
const UnreadBadge = lazy(() => import('../messages/UnreadBadge.tsx'));

/**
 * The header's account area: sign-in / sign-up for guests (links to the full pages that open
 * the dialog when scripts run), nickname, my page and sign-out for members.
 */
export default function HeaderSession({ locale }: { locale: Locale }) {
  // Hydrate with what the server rendered (unknown); the real state follows right after.
  const session = useSession();
  useEffect(() => {
    void loadSession();
  }, []);
  const o = { locale };
  if (session.status === 'unknown') return <span className="flx-account flx-account--pending" aria-hidden="true" />;
  if (session.status === 'guest') {
    const open = (tab: AuthTab) => (event: MouseEvent) => {
      event.preventDefault();
      openAuthDialog({ tab });
    };
    const query = `?callbackURL=${encodeURIComponent(currentPath())}`;
    return (
      <div className="flx-account">
        <a className="flx-button flx-button--small flx-button--primary" href={`/signin${query}`} onClick={open('signin')}>
          {m.shell_header_login({}, o)}
        </a>
        <a className="flx-button flx-button--small" href={`/signup${query}`} onClick={open('signup')}>
          {m.shell_header_signup({}, o)}
        </a>
      </div>
    );
  }
  const signOut = async () => {
    await logout().catch(() => undefined);
    // A members-only page has nothing left to show; elsewhere the page stays as a guest page.
    if (isMembersOnlyPath(window.location.pathname)) window.location.assign('/');
    else void notify(m.shell_logout_done({}, o), 'success');
  };
  return (
    <div className="flx-account">
      <span className="flx-account__name">{m.shell_header_signed_in_as({ nickname: session.profile.nickname }, o)}</span>
      <a className="flx-button flx-button--small" href="/my">
        {m.shell_header_my({}, o)}
      </a>
      <Suspense fallback={null}>
        <UnreadBadge locale={locale} />
      </Suspense>
      <button type="button" className="flx-button flx-button--small" onClick={() => void signOut()}>
        {m.shell_header_logout({}, o)}
      </button>
    </div>
  );
}
