import { useEffect, useRef, useState } from 'react';
import type { LoginProvider } from '../../../domain/enums.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { completeSocialLogin, takeSocialCallback } from '../../stores/auth-social-callback.ts';
import { SocialSignupForm } from './SocialSignupForm.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

type Phase = { kind: 'working' } | { kind: 'signup'; accessToken: string } | { kind: 'failed'; message: string };

/**
 * /callback/{provider}/authorize (SPEC §2): exchanges the code; a linked account
 * goes on to its callbackURL, a new one finishes sign-up here.
 */
export default function OAuthCallback({
  locale,
  provider,
  serviceName,
}: {
  locale: Locale;
  provider: LoginProvider;
  serviceName: string;
}) {
  const o = { locale };
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const callbackURL = useRef<string>(PAGE.home);
  const started = useRef(false);
  useEffect(() => {
    // React's development double-invoke must not spend the single-use code twice.
    if (started.current) return;
    started.current = true;
    callbackURL.current = takeSocialCallback();
    const q = new URLSearchParams(location.search);
    const code = q.get('code') ?? '';
    const state = q.get('state') ?? '';
    if (!code || !state) return setPhase({ kind: 'failed', message: '' });
    void completeSocialLogin(provider, code, state).then((r) => {
      if (r.kind === 'signedin') return window.location.assign(callbackURL.current);
      setPhase(
        r.kind === 'signup' ? { kind: 'signup', accessToken: r.accessToken } : { kind: 'failed', message: r.message },
      );
    });
  }, [provider]);

  if (phase.kind === 'working') return <p role="status">{m.auth_callback_working({}, o)}</p>;
  if (phase.kind === 'failed') {
    return (
      <>
        <FormMessage className="auth-error">{phase.message || m.auth_error_unknown({}, o)}</FormMessage>
        <p className="auth-links">
          <a href={PAGE.signin}>{m.auth_callback_retry({}, o)}</a>
        </p>
      </>
    );
  }
  return (
    <SocialSignupForm
      locale={locale}
      provider={provider}
      accessToken={phase.accessToken}
      callbackURL={callbackURL.current}
      serviceName={serviceName}
    />
  );
}
