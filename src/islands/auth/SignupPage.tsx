import type { Locale } from '../../../domain/locales.ts';
import { lazy, Suspense } from 'react';
import { SignupForm } from './SignupForm.tsx';
import { completedHref, useSignupPageState } from './signup-page-state.ts';

// Only an invitation shows it: the plain sign-up page does not load its text.
const InviterBanner = lazy(() => import('./InviterBanner.tsx'));

/** The /signup form island; tabs, partner banner and the sign-in link are static HTML of the page. */
export default function SignupPage({ locale }: { locale: Locale }) {
  const s = useSignupPageState();
  return (
    <>
      {s.inviter && (
        <Suspense fallback={null}>
          <InviterBanner nickname={s.inviter} locale={locale} />
        </Suspense>
      )}
      <SignupForm
        key={String(s.ready)}
        locale={locale}
        callbackURL={s.callbackURL}
        recommendId={s.recommendId}
        onDone={() => window.location.assign(completedHref(s))}
      />
    </>
  );
}
