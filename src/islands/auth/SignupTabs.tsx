import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

/**
 * Domestic / foreigner switch (SPEC §2): plain links that keep the query string, so callbackURL,
 * recommendId or a partner code survive the switch.
 */
export function SignupTabs({ locale, current, search }: { locale: Locale; current: 'domestic' | 'foreigner'; search: string }) {
  const o = { locale };
  return (
    <nav className="auth-tabs" aria-label={m.auth_signup_tabs_label({}, o)}>
      <a href={`/signup${search}`} aria-current={current === 'domestic' ? 'page' : undefined}>
        {m.auth_signup_tab_domestic({}, o)}
      </a>
      <a href={`/signup/foreigner${search}`} aria-current={current === 'foreigner' ? 'page' : undefined}>
        {m.auth_signup_tab_foreigner({}, o)}
      </a>
    </nav>
  );
}
