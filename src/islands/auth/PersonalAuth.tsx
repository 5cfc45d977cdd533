import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { IDENTITY_FLOWS, IdentityStep } from '../../../domain/enums.ts';
import { m } from '../../paraglide/messages.js';
import { callbackFromQuery } from '../../stores/auth-callback.ts';
import {
  finishIdentityVerification,
  finishPortOneVerification,
  startIdentityVerification,
} from '../../stores/auth-identity.ts';
import { reportIdentityStep } from '../../stores/identity-popup.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { failureText } from '../../lib/error-text.ts';
import { useSubmitGuard } from './use-submit-guard.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

const STEPS = [
  [IdentityStep.AGREEMENT, 'agreement'],
  [IdentityStep.IDENTIFIATION, 'identification'],
  [IdentityStep.COMPLELTE, 'complete'],
] as const;

function stepName(step: (typeof STEPS)[number][1], locale: Locale): string {
  const o = { locale };
  if (step === 'agreement') return m.auth_personal_step_agreement({}, o);
  if (step === 'identification') return m.auth_personal_step_identification({}, o);
  return m.auth_personal_step_complete({}, o);
}

/** The three steps of SPEC §3 (AGREEMENT, IDENTIFIATION, COMPLELTE), the current one marked. */
function Steps({ locale, step }: { locale: Locale; step: IdentityStep }) {
  const at = STEPS.findIndex(([s]) => s === step);
  return (
    <ol className="auth-steps" aria-label={m.auth_personal_steps({}, { locale })} data-step={step}>
      {STEPS.map(([s, name], i) => (
        <li key={s} aria-current={s === step ? 'step' : undefined} className={i <= at ? 'is-reached' : undefined}>
          {stepName(name, locale)}
        </li>
      ))}
    </ol>
  );
}

interface Query {
  type: string;
  callbackURL: string;
}

/**
 * On load: the flow and callbackURL from the query, and the end of a round trip through the
 * provider (the simulator's `status=complete`, PortOne's `requestId`); a fresh visit reports
 * AGREEMENT to the opener and shows a guest the members-only dialog.
 */
function useIdentityReturn(
  locale: Locale,
  setStep: (step: IdentityStep) => void,
  setError: (error: string) => void,
  setQ: (q: Query) => void,
) {
  const o = { locale };
  useEffect(() => {
    const p = new URLSearchParams(location.search);
    const type = p.get('type') ?? 'personal';
    setQ({
      type: (IDENTITY_FLOWS as readonly string[]).includes(type) ? type : 'personal',
      callbackURL: callbackFromQuery(),
    });
    const done = ({ verified, callbackURL }: { verified: boolean; callbackURL: string | null }) => {
      if (!verified) {
        setStep(IdentityStep.AGREEMENT);
        setError(m.auth_personal_failed({}, o));
        return;
      }
      setStep(IdentityStep.COMPLELTE);
      // Popup: the opener runs its pending action (same origin only) and this window closes.
      if (reportIdentityStep(IdentityStep.COMPLELTE)) window.close();
      else if (callbackURL) window.location.assign(callbackURL);
    };
    const requestId = p.get('requestId');
    if (p.get('status') === 'complete') {
      void finishIdentityVerification().then(done);
    } else if (p.get('provider') === 'portone' && requestId) {
      setStep(IdentityStep.IDENTIFIATION);
      void finishPortOneVerification(requestId, p.get('code')).then(done);
    } else {
      reportIdentityStep(IdentityStep.AGREEMENT);
      void loadSession().then((s) => s.status === 'guest' && showMembersOnly(location.pathname + location.search));
    }
  }, []);
}

/** The last step: verified, with the way home. */
function Completed({ locale }: { locale: Locale }) {
  const o = { locale };
  return (
    <section aria-live="polite">
      <Steps locale={locale} step={IdentityStep.COMPLELTE} />
      <p className="auth-banner">{m.auth_personal_done({}, o)}</p>
      <p className="auth-links">
        <a href={PAGE.home}>{m.auth_completed_home({}, o)}</a>
      </p>
    </section>
  );
}

/**
 * /my/personal-auth (SPEC §2): AGREEMENT (the member agrees, then starts), IDENTIFIATION (the
 * provider's window: the development simulator, or PortOne's SDK when the API names PortOne),
 * COMPLELTE (the profile is read again for PI). Opened as a popup it reports each step to the
 * opener, which runs its pending action, and closes itself; otherwise it goes on to callbackURL.
 */
export default function PersonalAuth({ locale }: { locale: Locale }) {
  const o = { locale };
  // Hydrate with the server's view; the signed-in state arrives right after (no React #418).
  const session = useSession();
  const [step, setStep] = useState<IdentityStep>(IdentityStep.AGREEMENT);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const [q, setQ] = useState<Query>({ type: 'personal', callbackURL: PAGE.home });

  useIdentityReturn(locale, setStep, setError, setQ);

  const start = useSubmitGuard(async () => {
    setError('');
    setStep(IdentityStep.IDENTIFIATION);
    reportIdentityStep(IdentityStep.IDENTIFIATION);
    const r = await startIdentityVerification(q.type, q.callbackURL);
    if (!r.ok) {
      setStep(IdentityStep.AGREEMENT);
      setError(failureText(r.failure, locale, m.auth_error_unknown({}, o)));
    }
  });

  if (step === IdentityStep.COMPLELTE) return <Completed locale={locale} />;
  const verified = session.status === 'member' && session.profile.PI;
  return (
    <div className="auth-form">
      <Steps locale={locale} step={step} />
      <p>{m.auth_personal_lead({}, o)}</p>
      {verified && <p className="auth-banner">{m.auth_personal_already({}, o)}</p>}
      {step === IdentityStep.IDENTIFIATION && <p role="status">{m.auth_personal_in_progress({}, o)}</p>}
      <label className="auth-check">
        {/* Enabled once the page knows the member (after hydration): a tick before that would be lost. */}
        <input
          type="checkbox"
          checked={agreed}
          disabled={session.status !== 'member'}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        {m.auth_personal_agree({}, o)}
      </label>
      <FormMessage className="auth-error" live>
        {error}
      </FormMessage>
      <button
        type="button"
        className="auth-submit"
        disabled={session.status !== 'member' || !agreed}
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
