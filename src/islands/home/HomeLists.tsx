import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelLivePath, vodPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from '../../stores/channel.ts';
import {
  $liveTheme,
  homeCasters,
  homeEvents,
  homeLives,
  homeVods,
  type CasterCard,
  type EventBanner,
} from '../../stores/home.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { StreamCardView } from '../channel/StreamCardView.tsx';
import '../channel/channel.css';
import { CasterCardView } from './CasterCardView.tsx';
import { EventCardView } from './EventCardView.tsx';
import './home.css';
import { HomePromos } from './HomePromos.tsx';
import { PagedSection } from './PagedSection.tsx';
import { ThemeChips } from './ThemeChips.tsx';

// Members' lists load only for members, so a guest's home page does not carry them.
const MemberLists = lazy(() => import('./MemberLists.tsx'));

const byChannel = (c: StreamCard) => c.channelId;
/** Placeholder tiles while a stream list loads: a typical first screen's worth. */
const HOME_SKELETON_TILES = 4;

/**
 * The home page: HOME live channels filtered by THEME, the members' RECENT_VIEW,
 * SUBSCRIPTIONS_VIEW, LIKE and GIFT_VIEW, then VOD, CASTER and EVENT. Every list pages on scroll.
 */
export default function HomeLists({ locale }: { locale: Locale }) {
  const session = useSession();
  const theme = useStore($liveTheme);
  const o = { locale };

  useEffect(() => {
    void loadSession();
  }, []);

  return (
    <div className="home-lists">
      <HomePromos locale={locale} />
      <PagedSection
        locale={locale}
        id="home-live"
        heading={m.home_live_heading({}, o)}
        empty={theme === null ? m.home_empty_live({}, o) : m.home_empty_theme({}, o)}
        list={homeLives}
        keyOf={byChannel}
        before={<ThemeChips locale={locale} />}
        skeleton={HOME_SKELETON_TILES}
        render={(card: StreamCard) => (
          <StreamCardView locale={locale} card={card} href={channelLivePath(card.channelId)} />
        )}
      />
      {session.status === 'member' && (
        <Suspense fallback={null}>
          <MemberLists locale={locale} />
        </Suspense>
      )}
      <PagedSection
        locale={locale}
        id="home-vods"
        heading={m.home_vods_heading({}, o)}
        empty={m.home_empty_vods({}, o)}
        list={homeVods}
        skeleton={HOME_SKELETON_TILES}
        keyOf={(c: StreamCard) => c.streamId ?? c.channelId}
        render={(card: StreamCard) => <StreamCardView locale={locale} card={card} href={vodPath(card.streamId!)} />}
      />
      <PagedSection
        locale={locale}
        id="home-casters"
        heading={m.home_casters_heading({}, o)}
        empty={m.home_empty_casters({}, o)}
        list={homeCasters}
        keyOf={byChannel}
        listClassName="caster-grid"
        render={(card: CasterCard) => <CasterCardView locale={locale} card={card} />}
      />
      <PagedSection
        locale={locale}
        id="home-events"
        heading={m.home_events_heading({}, o)}
        empty={m.home_empty_events({}, o)}
        list={homeEvents}
        keyOf={(e: EventBanner) => e.eventId}
        listClassName="home-events"
        render={(event: EventBanner) => <EventCardView locale={locale} event={event} />}
      />
    </div>
  );
}
