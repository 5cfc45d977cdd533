import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { SignupForm } from './SignupForm.tsx';
import { SignupTabs } from './SignupTabs.tsx';
import { completedHref, useSignupPageState } from './signup-page-state.ts';

export interface SignupPageProps {
  locale: Locale;
  /** Partner name for the welcome banner of the partner variant. */
  partnerName: string;
  /** The brand offers the foreigner path. */
  foreignerSignup: boolean;
}

/** The /signup page body: tabs (hidden for partners), the domestic form, then the completed page. */
export default function SignupPage({ locale, partnerName, foreignerSignup }: SignupPageProps) {
  const s = useSignupPageState();
  const o = { locale };
  return (
    <>
      {s.partner ? (
        <p className="auth-banner" role="status">
          {m.auth_signup_partner_welcome({ partner: partnerName }, o)}
        </p>
      ) : (
        foreignerSignup && <SignupTabs locale={locale} current="domestic" search={s.search} />
      )}
      <SignupForm
        key={String(s.ready)}
        locale={locale}
        callbackURL={s.callbackURL}
        partner={s.partner}
        recommendId={s.recommendId}
        onDone={() => window.location.assign(completedHref(s))}
      />
      <p className="auth-links">
        {m.auth_signup_signin_prompt({}, o)} <a href={`/signin${s.search}`}>{m.auth_signup_signin_link({}, o)}</a>
      </p>
    </>
  );
}
