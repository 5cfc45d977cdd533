import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { isMembersOnlyPath } from '../../lib/members-only.ts';
import { notify } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { logout } from '../../stores/session.ts';
import { $unreadMessages } from '../../stores/unread.ts';
import HeaderBalance from './HeaderBalance.tsx';

const UnreadBadge = lazy(() => import('../messages/UnreadBadge.tsx'));

/**
 * A member's part of the header: the nickname, then their luv, my page, messages and sign-out. On a
 * phone these sit in a menu (its button shows the unread count) the 메뉴 button opens (a popover: Escape and a tap
 * elsewhere close it), so
 * the row keeps its one line and the nickname its room; from 48rem they stand in the row.
 */
export default function MemberAccount({ locale, nickname }: { locale: Locale; nickname: string }) {
  const menuId = useId();
  const o = { locale };
  // The unread count stays in sight on a phone, where the messages link sits in the closed menu.
  const unread = useStore($unreadMessages);
  const signOut = async () => {
    await logout().catch(() => undefined);
    // A members-only page has nothing left to show; elsewhere the page stays as a guest page.
    if (isMembersOnlyPath(window.location.pathname)) window.location.assign(PAGE.home);
    else void notify(m.shell_logout_done({}, o), 'success');
  };
  return (
    <div className="flx-account">
      <span className="flx-account__name">{m.shell_header_signed_in_as({ nickname }, o)}</span>
      <button
        type="button"
        className="flx-button flx-button--small flx-account__toggle"
        popoverTarget={menuId}
        aria-label={unread > 0 ? m.shell_header_menu_unread({ count: unread }, o) : undefined}
      >
        {m.shell_header_menu({}, o)}
        {unread > 0 && (
          <span className="flx-account__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={menuId} popover="auto" className="flx-account__menu">
        <HeaderBalance locale={locale} />
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
