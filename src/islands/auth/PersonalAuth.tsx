import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { IDENTITY_FLOWS } from '../../../domain/enums.ts';
import { m } from '../../paraglide/messages.js';
import { callbackFromQuery } from '../../stores/auth-callback.ts';
import { finishIdentityVerification, startIdentityVerification } from '../../stores/auth-identity.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { failureText } from '../../lib/error-text.ts';
import { useSubmitGuard } from './use-submit-guard.ts';

/**
 * /my/personal-auth (SPEC §2): starts identity verification with the provider; on return the
 * profile is reloaded (PI) and the browser goes on to the callback URL, or to the opener's
 * pending action when it was opened as a popup.
 */
export default function PersonalAuth({ locale }: { locale: Locale }) {
  const o = { locale };
  // Hydrate with the server's view; the signed-in state arrives right after (no React #418).
  const session = useSession();
  const [phase, setPhase] = useState<'ready' | 'done'>('ready');
  const [error, setError] = useState('');
  const [q, setQ] = useState({ type: 'personal', callbackURL: PAGE.home as string });

  useEffect(() => {
    const p = new URLSearchParams(location.search);
    const type = p.get('type') ?? 'personal';
    setQ({ type: (IDENTITY_FLOWS as readonly string[]).includes(type) ? type : 'personal', callbackURL: callbackFromQuery() });
    if (p.get('status') === 'complete') {
      void finishIdentityVerification().then(({ verified, callbackURL }) => {
        if (!verified) return;
        setPhase('done');
        if (window.opener && window.opener !== window) {
          // Popup: the opener runs its pending action; same origin only.
          window.opener.postMessage({ type: 'personal-auth', status: 'complete' }, location.origin);
          window.close();
          return;
        }
        if (callbackURL) window.location.assign(callbackURL);
      });
    } else {
      void loadSession().then((s) => s.status === 'guest' && showMembersOnly(location.pathname + location.search));
    }
  }, []);

  const start = useSubmitGuard(async () => {
    setError('');
    const r = await startIdentityVerification(q.type, q.callbackURL);
    if (!r.ok) setError(failureText(r.failure, locale, m.auth_error_unknown({}, { locale })));
  });

  if (phase === 'done') {
    return (
      <section aria-live="polite">
        <p className="auth-banner">{m.auth_personal_done({}, o)}</p>
        <p className="auth-links">
          <a href={PAGE.home}>{m.auth_completed_home({}, o)}</a>
        </p>
      </section>
    );
  }
  const verified = session.status === 'member' && session.profile.PI;
  return (
    <div className="auth-form">
      <p>{m.auth_personal_lead({}, o)}</p>
      {verified && <p className="auth-banner">{m.auth_personal_already({}, o)}</p>}
      <p className="auth-error" role="alert">
        {error}
      </p>
      <button
        type="button"
        className="auth-submit"
        disabled={session.status !== 'member'}
        aria-disabled={start.disabled || undefined}
        onClick={() => {
          if (start.press()) void start.submit();
        }}
      >
        {m.auth_personal_start({}, o)}
      </button>
    </div>
  );
}
