import { lazy, Suspense, useId } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { isMembersOnlyPath } from '../../lib/members-only.ts';
import { notify } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { logout } from '../../stores/session.ts';

const UnreadBadge = lazy(() => import('../messages/UnreadBadge.tsx'));

/**
 * A member's part of the header: the nickname, then my page, messages and sign-out. On a phone the
 * three sit in a menu the 메뉴 button opens (a popover: Escape and a tap elsewhere close it), so
 * the row keeps its one line and the nickname its room; from 48rem they stand in the row.
 */
export default function MemberAccount({ locale, nickname }: { locale: Locale; nickname: string }) {
  const menuId = useId();
  const o = { locale };
  const signOut = async () => {
    await logout().catch(() => undefined);
    // A members-only page has nothing left to show; elsewhere the page stays as a guest page.
    if (isMembersOnlyPath(window.location.pathname)) window.location.assign(PAGE.home);
    else void notify(m.shell_logout_done({}, o), 'success');
  };
  return (
    <div className="flx-account">
      <span className="flx-account__name">{m.shell_header_signed_in_as({ nickname }, o)}</span>
      <button type="button" className="flx-button flx-button--small flx-account__toggle" popoverTarget={menuId}>
        {m.shell_header_menu({}, o)}
      </button>
      <div id={menuId} popover="auto" className="flx-account__menu">
        <a className="flx-button flx-button--small" href={PAGE.my}>
          {m.shell_header_my({}, o)}
        </a>
        <Suspense fallback={null}>
          <UnreadBadge locale={locale} />
        </Suspense>
        <button type="button" className="flx-button flx-button--small" onClick={() => void signOut()}>
          {m.shell_header_logout({}, o)}
        </button>
      </div>
    </div>
  );
}
