import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { isMembersOnlyPath } from '../../lib/members-only.ts';
import { $toasterWanted } from '../../lib/toast.ts';
import { $authDialog, $dialog, showMembersOnly } from '../../stores/modals.ts';
import { $session, installSessionEffects, loadSession } from '../../stores/session.ts';

// At import, before any island's answer needs them (answers that come earlier wait for them).
installSessionEffects();

// Dialog and toast code loads the first time one is needed: most page views open neither.
const Dialogs = lazy(() => import('../modals/Dialogs.tsx'));
const Toasts = lazy(() => import('./Toasts.tsx'));

interface Props {
  locale: Locale;
  /** A members-only page (/my and below): guests get the members-only dialog. */
  membersOnly?: boolean;
}

/** Mounted once per page by the layout: the global dialogs, the toaster, the members-only guard. */
export default function ShellHost({ locale, membersOnly = false }: Props) {
  // Stores may change before this island hydrates (client:idle): hydrate with the server's view.
  const toasts = useStore($toasterWanted, { ssr: 'initial' });
  const dialog = useStore($dialog, { ssr: 'initial' });
  const authDialog = useStore($authDialog, { ssr: 'initial' });
  useEffect(() => {
    void loadSession().then((s) => {
      // The path is checked too: an unknown /my/… address is answered with the 404 page.
      if (s.status === 'guest' && (membersOnly || isMembersOnlyPath(window.location.pathname))) showMembersOnly();
    });
  }, [membersOnly]);
  useEffect(() => {
    // Coming back to a tab is when a session revoked elsewhere (or expired) shows up.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && $session.get().status === 'member')
        void loadSession({ force: true });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  return (
    <>
      {(dialog || authDialog) && (
        <Suspense fallback={null}>
          <Dialogs locale={locale} />
        </Suspense>
      )}
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
