import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelLivePath, channelPath, vodPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from '../../stores/channel.ts';
import {
  homeGifted,
  homeLikes,
  homePresent,
  homeRecent,
  homeSubscriptions,
  type GiftedCard,
} from '../../stores/home-member.ts';
import { StreamCardView } from '../channel/StreamCardView.tsx';
import { FollowingSidebar } from './FollowingSidebar.tsx';
import { PagedSection } from './PagedSection.tsx';

const byChannel = (c: StreamCard) => c.channelId;
const channelHref = (c: StreamCard) => (c.broadcasting ? channelLivePath(c.channelId) : channelPath(c.channelId));

/** The signed-in viewer's lists: RECENT_VIEW, SUBSCRIPTIONS_VIEW, LIKE and GIFT_VIEW (loaded lazily, members only). */
export default function MemberLists({ locale }: { locale: Locale }) {
  const o = { locale };
  // Back from a channel page the browser may restore this page from its back/forward cache:
  // the viewer may have liked, subscribed or gifted there, so these lists are read again.
  useEffect(() => {
    const reread = (e: PageTransitionEvent) =>
      e.persisted &&
      [homePresent, homeRecent, homeSubscriptions, homeLikes, homeGifted].forEach((list) => list.reset());
    window.addEventListener('pageshow', reread);
    return () => window.removeEventListener('pageshow', reread);
  }, []);
  return (
    <>
      <FollowingSidebar locale={locale} />
      <PagedSection
        locale={locale}
        id="home-present"
        heading={m.home_present_heading({}, o)}
        empty={m.home_empty_present({}, o)}
        list={homePresent}
        keyOf={byChannel}
        render={(card: StreamCard) => (
          <StreamCardView locale={locale} card={card} href={channelLivePath(card.channelId)} />
        )}
      />
      <PagedSection
        locale={locale}
        id="home-recent"
        heading={m.home_recent_heading({}, o)}
        empty={m.home_empty_list({}, o)}
        list={homeRecent}
        keyOf={(c: StreamCard) => c.streamId ?? c.channelId}
        render={(card: StreamCard) => (
          <StreamCardView
            locale={locale}
            card={card}
            href={card.type === 2 ? vodPath(card.streamId!) : channelLivePath(card.channelId)}
          />
        )}
      />
      <PagedSection
        locale={locale}
        id="home-subs"
        heading={m.home_subscriptions_heading({}, o)}
        empty={m.home_empty_list({}, o)}
        list={homeSubscriptions}
        keyOf={byChannel}
        render={(card: StreamCard) => <StreamCardView locale={locale} card={card} href={channelPath(card.channelId)} />}
      />
      <PagedSection
        locale={locale}
        id="home-likes"
        heading={m.home_likes_heading({}, o)}
        empty={m.home_empty_likes({}, o)}
        list={homeLikes}
        keyOf={byChannel}
        render={(card: StreamCard) => <StreamCardView locale={locale} card={card} href={channelHref(card)} />}
      />
      <PagedSection
        locale={locale}
        id="home-gifted"
        heading={m.home_gifted_heading({}, o)}
        empty={m.home_empty_gifted({}, o)}
        list={homeGifted}
        keyOf={byChannel}
        render={(card: GiftedCard) => <StreamCardView locale={locale} card={card} href={channelHref(card)} />}
      />
    </>
  );
}
