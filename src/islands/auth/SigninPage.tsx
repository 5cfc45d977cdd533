import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { callbackFromQuery } from '../../stores/auth-callback.ts';
import { SigninForm } from './SigninForm.tsx';

/** The /signin form with the page's own (sanitised) callbackURL; the sign-up link is static HTML. */
export default function SigninPage({ locale }: { locale: Locale }) {
  const [callbackURL, setCallbackURL] = useState<string>(PAGE.home);
  useEffect(() => setCallbackURL(callbackFromQuery()), []);
  return <SigninForm locale={locale} callbackURL={callbackURL} />;
}
