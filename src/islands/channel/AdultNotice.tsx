import type { Locale } from '../../../domain/locales.ts';
import { PAGE, withCallback } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';

/** The only thing a viewer without PI sees of an adult broadcast (SPEC §6). */
export function AdultNotice({ locale }: { locale: Locale }) {
  const o = { locale };
  const back = typeof window === 'undefined' ? '/' : window.location.pathname;
  return (
    <div className="adult-notice" role="note">
      <p>{m.channel_adult_notice({}, o)}</p>
      <a className="button" href={withCallback(PAGE.personalAuth, back)}>
        {m.channel_adult_verify_button({}, o)}
      </a>
    </div>
  );
}
