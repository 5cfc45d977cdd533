import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { hasSessionHint } from '../../lib/session-hint.ts';
import { m } from '../../paraglide/messages.js';
import { currentPath, openAuthDialog, type AuthTab } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';

/** Loaded for members only, so guest pages (sign-in above all) carry none of it. */
const loadMemberAccount = () => import('./MemberAccount.tsx');
// The hint says a member is signed in: the member's part loads while the profile is read.
if (hasSessionHint()) void loadMemberAccount();
const MemberAccount = lazy(loadMemberAccount);

/** Holds the account area's room until the session is known (the header never changes height). */
const pending = <span className="flx-account flx-account--pending" aria-hidden="true" />;

/**
 * The header's account area: sign-in / sign-up for guests (links to the full pages that open
 * the dialog when scripts run), the member's part (src/islands/shell/MemberAccount.tsx) for members.
 */
export default function HeaderSession({ locale }: { locale: Locale }) {
  // Hydrate with what the server rendered (unknown); the real state follows right after.
  const session = useSession();
  useEffect(() => {
    void loadSession();
  }, []);
  if (session.status === 'unknown') return pending;
  if (session.status === 'member') {
    return (
      <Suspense fallback={pending}>
        <MemberAccount locale={locale} nickname={session.profile.nickname} />
      </Suspense>
    );
  }
  const open = (tab: AuthTab) => (event: MouseEvent) => {
    event.preventDefault();
    openAuthDialog({ tab });
  };
  const query = `?callbackURL=${encodeURIComponent(currentPath())}`;
  const o = { locale };
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
