import { useStore } from '@nanostores/react';
import type { StoreValue } from 'nanostores';
import { lazy, Suspense, useEffect, type FormEvent } from 'react';
import { CHANNEL_INTRODUCTION_LENGTH_MAX, CHANNEL_TITLE_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { brandWords, pageHas } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { $adultSwitches } from '../../stores/channel-settings.ts';
import {
  $channelTools,
  applyForChannel,
  loadChannelTools,
  saveChannelProfile,
  saveLuvPresets,
  type ChannelProfile,
  type ChannelToolsState,
} from '../../stores/my-channel.ts';
import { ChannelNotices } from './ChannelNotices.tsx';
import { ChannelSubscribers } from './ChannelSubscribers.tsx';
import { approvalLabel } from './labels.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './my.css';
import { useMember } from '../ui/use-member.ts';

// The broadcast panel (start, stop, encoder settings) also lives on the channel page; loaded for owners only.
const BroadcastPanel = lazy(() =>
  import('../channel/BroadcastPanel.tsx').then((mod) => ({ default: mod.BroadcastPanel })),
);

/** Submits a form's fields to `run` instead of the browser. */
function submitWith(run: (data: FormData) => Promise<void>) {
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void run(new FormData(e.currentTarget));
  };
}

function text(d: FormData, k: string): string {
  return String(d.get(k) ?? '').trim();
}

/** Channel register: the approval state, and the application form while none is pending or approved. */
type ChannelRegister = NonNullable<ChannelToolsState['register']>;

function RegisterSection({ register, locale }: { register: ChannelRegister; locale: Locale }) {
  const o = { locale };
  const apply = (d: FormData) => applyForChannel(text(d, 'channelTitle'), text(d, 'introduction'));
  return (
    <section className="my-card" aria-labelledby="register-title">
      <h2 id="register-title">{m.bj_register_title({}, o)}</h2>
      <p>{m.bj_register_state({ state: approvalLabel(register.approval, locale) }, o)}</p>
      {(register.approval === 0 || register.approval === 3) && (
        <form className="my-form" onSubmit={submitWith(apply)}>
          <label>
            {m.bj_channel_title({}, o)}
            <input type="text" name="channelTitle" maxLength={CHANNEL_TITLE_LENGTH_MAX} required />
          </label>
          <label>
            {m.bj_channel_intro({}, o)}
            <textarea name="introduction" maxLength={CHANNEL_INTRODUCTION_LENGTH_MAX} />
          </label>
          <div className="my-actions">
            <button type="submit" className="flx-button flx-button--primary">
              {m.bj_register_submit({}, o)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

type AdultSwitches = StoreValue<typeof $adultSwitches>;

interface ProfileProps {
  profile: ChannelProfile;
  switches: AdultSwitches;
  locale: Locale;
}

/** The channel's title, introduction and, where the brand has them, its adult marks. */
function ProfileSection({ profile, switches, locale }: ProfileProps) {
  const o = { locale };
  const save = (d: FormData) =>
    saveChannelProfile({
      title: text(d, 'title'),
      introduction: text(d, 'introduction'),
      ...(switches.adult ? { adultBroadcast: d.has('adultBroadcast') } : {}),
      ...(switches.adultPlus ? { adultPlusBroadcast: d.has('adultPlusBroadcast') } : {}),
    });
  return (
    <section className="my-card" aria-labelledby="bj-profile-title">
      <h2 id="bj-profile-title">{m.bj_profile_title({}, o)}</h2>
      <p className="my-muted">{m.bj_profile_followers({ count: profile.subscriptions }, o)}</p>
      <form className="my-form" onSubmit={submitWith(save)}>
        <label>
          {m.bj_channel_title({}, o)}
          <input type="text" name="title" maxLength={CHANNEL_TITLE_LENGTH_MAX} defaultValue={profile.title} required />
        </label>
        <label>
          {m.bj_channel_intro({}, o)}
          <textarea
            name="introduction"
            maxLength={CHANNEL_INTRODUCTION_LENGTH_MAX}
            defaultValue={profile.introduction}
          />
        </label>
        {switches.adult && (
          <label className="my-check">
            <input type="checkbox" name="adultBroadcast" defaultChecked={profile.adultBroadcast} />
            {m.bj_adult({}, o)}
          </label>
        )}
        {switches.adultPlus && (
          <label className="my-check">
            <input type="checkbox" name="adultPlusBroadcast" defaultChecked={profile.adultPlusBroadcast} />
            {m.bj_adult_plus({}, o)}
          </label>
        )}
        {(switches.adult || switches.adultPlus) && <p className="my-muted">{m.bj_adult_hint({}, o)}</p>}
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--primary">
            {m.my_setting_save({}, o)}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The luv amounts offered first in the gift dialog of the owner's channel. */
function PresetSection({ presets, locale }: { presets: ChannelProfile['presets']; locale: Locale }) {
  const o = { locale };
  return (
    <section className="my-card" aria-labelledby="bj-preset-title">
      <h2 id="bj-preset-title">{m.bj_preset_title({ currency: brandWords(locale).currency }, o)}</h2>
      <form className="my-form" onSubmit={submitWith((d) => saveLuvPresets(text(d, 'presets')))}>
        <label>
          {m.bj_preset_label({}, o)}
          <input
            type="text"
            name="presets"
            inputMode="numeric"
            defaultValue={presets.join(', ')}
            aria-describedby="bj-preset-hint"
          />
        </label>
        <p id="bj-preset-hint" className="my-muted">
          {m.bj_preset_hint({}, o)}
        </p>
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--primary">
            {m.my_setting_save({}, o)}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Broadcaster tools: channel register for everyone; profile, luv preset, the broadcast panel, paid
 * subscribers and notices for owners.
 */
export default function ChannelTools({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const { register, profile, done, failure } = useStore($channelTools);
  // Watching the switches loads the channel settings, from the start rather than once the profile is in.
  const switches = useStore($adultSwitches);
  useEffect(() => {
    if (session.status === 'member') void loadChannelTools();
  }, [session.status]);
  if (session.status !== 'member') return <p className="my-muted">{m.my_members_only_hint({}, o)}</p>;
  const error = failure ? failureText(failure, locale) : '';
  const status = done === 'applied' ? m.bj_register_sent({}, o) : done === 'saved' ? m.my_setting_saved({}, o) : '';
  return (
    <div className="my-page">
      <FormMessage className="my-error">{error}</FormMessage>
      {status && (
        <p className="my-ok" role="status">
          {status}
        </p>
      )}
      {register && <RegisterSection register={register} locale={locale} />}
      {profile && (
        <>
          <ProfileSection profile={profile} switches={switches} locale={locale} />
          <PresetSection presets={profile.presets} locale={locale} />
          <Suspense fallback={null}>
            <BroadcastPanel locale={locale} channelId={profile.channelId} liveStreamId={null} />
          </Suspense>
          {pageHas('subscriptions') && <ChannelSubscribers locale={locale} />}
          <ChannelNotices channelId={profile.channelId} notices={profile.notices} locale={locale} />
        </>
      )}
    </div>
  );
}
