import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { csPath, PAGE } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { pageOffers } from '../../lib/page-offers.ts';
import { m } from '../../paraglide/messages.js';
import { verifyIdentityThen } from '../../stores/identity-popup.ts';
import { $myPage, followedChannels, loadMyPage, recentViews, type ViewMain } from '../../stores/my.ts';
import type { Profile } from '../../stores/session.ts';
import { approvalLabel, memberTypeLabel } from './labels.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './my.css';
import { AccountSection } from './AccountSection.tsx';
import { InviteLink } from './InviteLink.tsx';
import { RecentList } from './RecentList.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { useMember } from '../ui/use-member.ts';

/** The device the summary is read for (its recent views are counted per device). */
function loadSummary() {
  return loadMyPage(window.matchMedia('(max-width: 768px)').matches ? 'MOBILEWEB' : 'PCWEB');
}

/** The my page: profile, identity-verification state, summary, settings and recent lists. */
export default function MyPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const { summary, failure } = useStore($myPage);
  useEffect(() => {
    if (session.status !== 'member') return;
    void loadSummary();
  }, [session.status]);
  const error = failure ? failureText(failure, locale) : '';
  if (session.status !== 'member') return <p className="my-muted">{m.my_members_only_hint({}, o)}</p>;
  const p = session.profile;
  return (
    <div className="my-page">
      <ProfileCard locale={locale} profile={p} />
      <FormMessage className="my-error">{error}</FormMessage>
      {summary && <SummaryCard locale={locale} summary={summary} />}
      <MyLinks locale={locale} />
      <section className="my-card" aria-labelledby="my-settings-title">
        <h2 id="my-settings-title">{m.my_settings_title({}, o)}</h2>
        <SettingsForm initial={p.settings} locale={locale} />
      </section>
      <AccountSection loginId={p.loginId} nickname={p.nickname} locale={locale} />
      <InviteLink loginId={p.loginId} locale={locale} />
      <RecentList title={m.my_recent_views({}, o)} locale={locale} list={recentViews} />
      <RecentList title={m.my_recent_subscriptions({}, o)} locale={locale} list={followedChannels} />
    </div>
  );
}

/** Who the member is, and the way to identity verification while they have none. */
function ProfileCard({ locale, profile: p }: { locale: Locale; profile: Profile }) {
  const o = { locale };
  return (
    <section className="my-card" aria-labelledby="my-profile-title">
      <h2 id="my-profile-title">{m.my_profile_title({}, o)}</h2>
      <dl className="my-stats">
        <div>
          <dt>{m.my_profile_login_id({}, o)}</dt>
          <dd>{p.loginId}</dd>
        </div>
        <div>
          <dt>{m.my_profile_nickname({}, o)}</dt>
          <dd>{p.nickname}</dd>
        </div>
        <div>
          <dt>{m.my_profile_member_type({}, o)}</dt>
          <dd>{memberTypeLabel(p.memberType, locale)}</dd>
        </div>
        <div>
          <dt>{m.my_profile_pi({}, o)}</dt>
          <dd>{p.PI ? m.my_profile_pi_done({}, o) : m.my_profile_pi_none({}, o)}</dd>
        </div>
      </dl>
      {!p.PI && (
        <p>
          <a
            className="flx-button flx-button--small flx-button--primary"
            href={PAGE.personalAuth}
            onClick={(event) => {
              // Verified in a popup, the page reads itself again and shows the new state.
              event.preventDefault();
              void verifyIdentityThen(loadSummary);
            }}
          >
            {m.my_profile_pi_start({}, o)}
          </a>
        </p>
      )}
    </section>
  );
}

/** The counts of the summary, each linked to its page where it has one. */
function SummaryCard({ locale, summary }: { locale: Locale; summary: ViewMain }) {
  const o = { locale };
  const cs = pageOffers(PAGE.cs);
  return (
    <section className="my-card" aria-labelledby="my-summary-title">
      <h2 id="my-summary-title">{m.my_summary_title({}, o)}</h2>
      <dl className="my-stats">
        <div>
          <dt>{m.my_summary_unread({}, o)}</dt>
          <dd>
            <a href={PAGE.myMessages}>{summary.unreadMessages}</a>
          </dd>
        </div>
        {cs && (
          <div>
            <dt>{m.my_summary_inquiries({}, o)}</dt>
            <dd>
              <a href={csPath('inquiry')}>{summary.openInquiries}</a>
            </dd>
          </div>
        )}
        {cs && (
          <div>
            <dt>{m.my_summary_reports({}, o)}</dt>
            <dd>
              <a href={csPath('report')}>{summary.reports}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{m.my_summary_blacklist({}, o)}</dt>
          <dd>{summary.blacklist}</dd>
        </div>
        <div>
          <dt>{m.my_summary_recent({}, o)}</dt>
          <dd>{summary.recentViews}</dd>
        </div>
        {pageOffers(PAGE.mySubscriptions) && (
          <div>
            <dt>{m.my_summary_subscriptions({}, o)}</dt>
            <dd>
              <a href={PAGE.mySubscriptions}>{summary.subscriptions}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{m.my_summary_follows({}, o)}</dt>
          <dd>{summary.follows}</dd>
        </div>
        <div>
          <dt>{m.my_summary_channel({}, o)}</dt>
          <dd>
            <a href={PAGE.myChannel}>{approvalLabel(summary.channel.approval, locale)}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The member's pages (those the brand offers). */
function MyLinks({ locale }: { locale: Locale }) {
  const o = { locale };
  const link = 'flx-button flx-button--small';
  return (
    <nav className="my-card" aria-labelledby="my-links-title">
      <h2 id="my-links-title">{m.my_links_title({}, o)}</h2>
      <div className="my-actions">
        <a className={link} href={PAGE.myMessages}>
          {m.my_link_messages({}, o)}
        </a>
        <a className={link} href={PAGE.myLuv}>
          {m.my_link_luv({ currency: brandWords(locale).currency }, o)}
        </a>
        <a className={link} href={PAGE.myItems}>
          {m.my_link_items({}, o)}
        </a>
        {pageOffers(PAGE.mySubscriptions) && (
          <a className={link} href={PAGE.mySubscriptions}>
            {m.my_link_subscriptions({}, o)}
          </a>
        )}
        <a className={link} href={PAGE.myRankings}>
          {m.my_link_rankings({}, o)}
        </a>
        <a className={link} href={PAGE.myChannel}>
          {m.my_link_channel({}, o)}
        </a>
        {pageOffers(PAGE.cs) && (
          <a className={link} href={PAGE.cs}>
            {m.my_link_cs({}, o)}
          </a>
        )}
      </div>
    </nav>
  );
}
