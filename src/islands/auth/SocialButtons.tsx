import { useStore } from '@nanostores/react';
import type { LoginProvider } from '../../../domain/enums.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { partnerFromQuery } from '../../stores/auth-partner.ts';
import { $socialProviders, startSocialLogin } from '../../stores/auth-social.ts';

const LABEL: Record<LoginProvider, (i: object, o: { locale: Locale }) => string> = {
  kakao: m.auth_social_kakao,
  naver: m.auth_social_naver,
  twitch: m.auth_social_twitch,
  google: m.auth_social_google,
};

/** One button per provider the channel settings enable (SPEC §2); nothing at all when none is. */
export default function SocialButtons({ locale, callbackURL }: { locale: Locale; callbackURL: string }) {
  const providers = useStore($socialProviders);
  // The partner variant of sign-up (asp_code + userkey) signs up with the partner's user key only.
  if (providers.length === 0 || partnerFromQuery(location.search)) return null;
  return (
    <section className="auth-social" aria-label={m.auth_social_heading({}, { locale })}>
      <p className="auth-social-heading">{m.auth_social_heading({}, { locale })}</p>
      <ul>
        {providers.map((p) => (
          <li key={p}>
            <button type="button" className={`auth-social-${p}`} onClick={() => startSocialLogin(p, callbackURL)}>
              {LABEL[p]({}, { locale })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
