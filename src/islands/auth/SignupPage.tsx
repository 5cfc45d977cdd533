import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { SignupForm } from './SignupForm.tsx';
import { completedHref, useSignupPageState } from './signup-page-state.ts';

/** The /signup form island; tabs, partner banner and the sign-in link are static HTML of the page. */
export default function SignupPage({ locale }: { locale: Locale }) {
  const s = useSignupPageState();
  return (
    <>
      {s.inviter && (
        <p className="auth-banner" role="status">
          {m.auth_invited_by({ nickname: s.inviter }, { locale })}
        </p>
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
