import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { BRANDS } from '../../../domain/brands.ts';
import { safeCallbackUrl } from '../../../domain/redirect.ts';
import { PAGE, withCallback } from '../../../domain/routes.ts';
import type { AuthPanelProps } from '../modals/auth-panel.ts';
import { pageOffers } from '../../lib/page-offers.ts';
import { m } from '../../paraglide/messages.js';
import { $adultBroadcast } from '../../stores/auth-welcome.ts';
import { SignupForm } from './SignupForm.tsx';
import { WelcomePanel } from './WelcomePanel.tsx';

/**
 * The sign-up tab of the shell's dialog (SPEC §2, §4): the domestic form, then the welcome panel
 * in place. The foreigner path is a page of its own (captcha and SMS need the room).
 */
export default function SignUpPanel({ locale, callbackURL, close }: AuthPanelProps) {
  const [done, setDone] = useState(false);
  const adult = useStore($adultBroadcast);
  if (done) {
    const brand = BRANDS.find((b) => b.id === document.documentElement.dataset.brand) ?? BRANDS[0]!;
    return (
      <WelcomePanel
        locale={locale}
        serviceName={brand.serviceName[locale]}
        adult={adult}
        reward={brand.features.identityReward}
        callbackURL={callbackURL}
        onClose={() => {
          close();
          window.location.assign(safeCallbackUrl(callbackURL));
        }}
      />
    );
  }
  const foreignerHref = withCallback(PAGE.signupForeigner, callbackURL);
  return (
    <>
      <SignupForm locale={locale} callbackURL={callbackURL} onDone={() => setDone(true)} socialNow />
      {pageOffers(PAGE.signupForeigner) && (
        <p className="auth-links">
          <a href={foreignerHref}>{m.auth_signup_foreigner_title({}, { locale })}</a>
        </p>
      )}
    </>
  );
}
