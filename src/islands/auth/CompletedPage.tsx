import { useEffect, useState } from 'react';
import { LOGIN_ID_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { callbackFromQuery } from '../../stores/auth-callback.ts';
import { loadSession } from '../../stores/session.ts';
import { WelcomePanel } from './WelcomePanel.tsx';

export interface CompletedPageProps {
  locale: Locale;
  serviceName: string;
  /** The brand's `identityReward` flag: the verification button offers a reward. */
  reward: boolean;
  /** /completed/signup/marketing: thank the recommender named by ?recommendId. */
  marketing?: boolean;
}

/** /completed/signup (optional callbackURL) and /completed/signup/marketing (recommendId). */
export default function CompletedPage({ locale, serviceName, reward, marketing }: CompletedPageProps) {
  const [q, setQ] = useState({ callbackURL: PAGE.home as string, adult: false, recommendId: '' });
  useEffect(() => {
    const p = new URLSearchParams(location.search);
    setQ({
      callbackURL: callbackFromQuery(),
      adult: p.get('adult') === '1',
      recommendId: (p.get('recommendId') ?? '').replace(/\s+/g, '').slice(0, LOGIN_ID_LENGTH_MAX),
    });
    void loadSession();
  }, []);
  return (
    <>
      {marketing && q.recommendId && (
        <p className="auth-banner">
          {m.auth_completed_marketing_recommend({ recommendId: q.recommendId }, { locale })}
        </p>
      )}
      <WelcomePanel
        locale={locale}
        serviceName={serviceName}
        adult={q.adult}
        reward={reward}
        callbackURL={q.callbackURL}
        onClose={() => window.location.assign(q.callbackURL)}
      />
    </>
  );
}
