import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { NicknameForm } from './NicknameForm.tsx';
import { SignOutEverywhere } from './SignOutEverywhere.tsx';

/** My page's account card: profile editing (nickname) and signing out on every device. */
export function AccountSection({ loginId, nickname, locale }: { loginId: string; nickname: string; locale: Locale }) {
  const o = { locale };
  return (
    <section className="my-card" aria-labelledby="my-account-title">
      <h2 id="my-account-title">{m.my_account_title({}, o)}</h2>
      <NicknameForm current={nickname} locale={locale} />
      <h3>{m.my_expire_title({}, o)}</h3>
      <SignOutEverywhere loginId={loginId} locale={locale} />
    </section>
  );
}
