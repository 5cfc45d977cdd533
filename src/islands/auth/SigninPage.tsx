import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { callbackFromQuery } from '../../stores/auth.ts';
import { SigninForm } from './SigninForm.tsx';

/** The /signin page body: the form with the page's own (sanitised) callbackURL. */
export default function SigninPage({ locale }: { locale: Locale }) {
  const [callbackURL, setCallbackURL] = useState('/');
  const [signupHref, setSignupHref] = useState('/signup');
  useEffect(() => {
    setCallbackURL(callbackFromQuery());
    setSignupHref(`/signup${location.search}`);
  }, []);
  return (
    <>
      <SigninForm locale={locale} callbackURL={callbackURL} />
      <p className="auth-links">
        {m.auth_signin_signup_prompt({}, { locale })} <a href={signupHref}>{m.auth_signin_signup_link({}, { locale })}</a>
      </p>
    </>
  );
}
