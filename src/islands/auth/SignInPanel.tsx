import type { AuthPanelProps } from '../modals/auth-panel.ts';
import { m } from '../../paraglide/messages.js';
import { SigninForm } from './SigninForm.tsx';

/** The sign-in tab of the shell's login / sign-up dialog. */
export default function SignInPanel({ locale, callbackURL, switchTab }: AuthPanelProps) {
  return (
    <>
      <SigninForm locale={locale} callbackURL={callbackURL} socialNow />
      <p className="auth-links">
        {m.auth_signin_signup_prompt({}, { locale })}{' '}
        <button type="button" className="auth-link-button" onClick={() => switchTab('signup')}>
          {m.auth_signin_signup_link({}, { locale })}
        </button>
      </p>
    </>
  );
}
