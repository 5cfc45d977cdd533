import type { Locale } from '../../../domain/locales.ts';
import { PAGE, withCallback } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { verifyIdentityThen } from '../../stores/identity-popup.ts';

/**
 * The only thing a viewer without PI sees of an adult broadcast (SPEC §6). The button verifies in
 * a popup and then runs `onVerified` (the page loads the broadcast again), so the viewer watches
 * without leaving the page; the link's address is the whole-page fallback.
 */
export function AdultNotice({ locale, onVerified }: { locale: Locale; onVerified?: () => unknown }) {
  const o = { locale };
  const back = typeof window === 'undefined' ? '/' : window.location.pathname;
  return (
    <div className="adult-notice" role="note">
      <p>{m.channel_adult_notice({}, o)}</p>
      <a
        className="button"
        href={withCallback(PAGE.personalAuth, back)}
        onClick={(event) => {
          event.preventDefault();
          void verifyIdentityThen(onVerified ?? (() => window.location.reload()), { callbackURL: back });
        }}
      >
        {m.channel_adult_verify_button({}, o)}
      </a>
    </div>
  );
}
