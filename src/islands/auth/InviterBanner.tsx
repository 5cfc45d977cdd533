import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

/** Who invited the visitor (`/signup?refcode=`): loaded only when an invitation was found. */
export default function InviterBanner({ nickname, locale }: { nickname: string; locale: Locale }) {
  return (
    <p className="auth-banner" role="status">
      {m.auth_invited_by({ nickname }, { locale })}
    </p>
  );
}
