import { useEffect, useRef } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE, withCallback } from '../../../domain/routes.ts';
import { safeCallbackUrl } from '../../../domain/redirect.ts';
import { m } from '../../paraglide/messages.js';
import { verifyIdentityThen } from '../../stores/identity-popup.ts';

export interface WelcomePanelProps {
  locale: Locale;
  serviceName: string;
  /** The broadcast the user came from is adult-only (SPEC §2). */
  adult?: boolean;
  /** The verification button offers a reward (SPEC §2 "when a flag is set"). */
  reward?: boolean;
  /** Where identity verification returns to (sanitised). */
  callbackURL: string;
  onClose: () => void;
}

/** SPEC §2/§4: the panel after sign-up, or the adult-verification panel for an adult broadcast. */
export function WelcomePanel({ locale, serviceName, adult, reward, callbackURL, onClose }: WelcomePanelProps) {
  const o = { locale };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const verifyHref = withCallback(PAGE.personalAuth, callbackURL);
  return (
    <section className="auth-welcome" aria-labelledby="auth-welcome-title">
      <h2 id="auth-welcome-title" ref={heading} tabIndex={-1}>
        {m.auth_welcome_title({}, o)}
      </h2>
      <p>{m.auth_welcome_body({ service: serviceName }, o)}</p>
      {adult && (
        <p className="auth-notice" role="note">
          {m.auth_welcome_adult_notice({}, o)}
        </p>
      )}
      <a
        className="auth-submit"
        href={verifyHref}
        onClick={(event) => {
          // Verified in a popup, the member goes on to where they came from (the adult broadcast).
          event.preventDefault();
          void verifyIdentityThen(() => window.location.assign(safeCallbackUrl(callbackURL)), { callbackURL });
        }}
      >
        {reward ? m.auth_welcome_verify_reward({}, o) : m.auth_welcome_verify({}, o)}
      </a>
      <button type="button" className="auth-secondary" onClick={onClose}>
        {m.auth_welcome_close({}, o)}
      </button>
    </section>
  );
}
