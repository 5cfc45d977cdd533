import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { applyRegister, channelProfile, registerState, saveChannelProfile, saveLuvPreset, type ChannelProfile, type Register } from './api.ts';
import { ChannelNotices } from './ChannelNotices.tsx';
import { errorText } from './errors.ts';
import { approvalLabel } from './labels.ts';
import './my.css';
import { useMember } from './use-member.ts';

/** Broadcaster tools: channel register for everyone, profile, notices and luv preset for owners. */
export default function ChannelTools({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const [register, setRegister] = useState<Register | null>(null);
  const [profile, setProfile] = useState<ChannelProfile | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const load = async () => {
    try {
      const r = await registerState();
      setRegister(r);
      if (r.channelId) setProfile(await channelProfile());
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  useEffect(() => {
    if (session.status === 'member') void load();
  }, [session.status]);
  if (session.status !== 'member') return <p className="my-muted">{m.my_members_only_hint({}, o)}</p>;
  const act = (fn: (data: FormData) => Promise<unknown>, ok: string) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    setStatus('');
    try {
      await fn(new FormData(e.currentTarget));
      setStatus(ok);
      await load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const text = (d: FormData, k: string) => String(d.get(k) ?? '').trim();
  return (
    <div className="my-page">
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="my-ok" role="status">
          {status}
        </p>
      )}
      {register && (
        <section className="my-card" aria-labelledby="register-title">
          <h2 id="register-title">{m.bj_register_title({}, o)}</h2>
          <p>{m.bj_register_state({ state: approvalLabel(register.approval, locale) }, o)}</p>
          {(register.approval === 0 || register.approval === 3) && (
            <form className="my-form" onSubmit={act((d) => applyRegister(text(d, 'channelTitle'), text(d, 'introduction')), m.bj_register_sent({}, o))}>
              <label>
                {m.bj_channel_title({}, o)}
                <input type="text" name="channelTitle" maxLength={50} required />
              </label>
              <label>
                {m.bj_channel_intro({}, o)}
                <textarea name="introduction" maxLength={500} />
              </label>
              <div className="my-actions">
                <button type="submit" className="flx-button flx-button--primary">
                  {m.bj_register_submit({}, o)}
                </button>
              </div>
            </form>
          )}
        </section>
      )}
      {profile && (
        <>
          <section className="my-card" aria-labelledby="bj-profile-title">
            <h2 id="bj-profile-title">{m.bj_profile_title({}, o)}</h2>
            <p className="my-muted">{m.bj_profile_followers({ count: profile.subscriptions }, o)}</p>
            <form
              className="my-form"
              onSubmit={act(
                (d) =>
                  saveChannelProfile({
                    title: text(d, 'title'),
                    introduction: text(d, 'introduction'),
                    adultBroadcast: d.has('adultBroadcast'),
                    adultPlusBroadcast: d.has('adultPlusBroadcast'),
                  }),
                m.my_setting_saved({}, o),
              )}
            >
              <label>
                {m.bj_channel_title({}, o)}
                <input type="text" name="title" maxLength={50} defaultValue={profile.title} required />
              </label>
              <label>
                {m.bj_channel_intro({}, o)}
                <textarea name="introduction" maxLength={500} defaultValue={profile.introduction} />
              </label>
              <label className="my-check">
                <input type="checkbox" name="adultBroadcast" defaultChecked={profile.adultBroadcast} />
                {m.bj_adult({}, o)}
              </label>
              <label className="my-check">
                <input type="checkbox" name="adultPlusBroadcast" defaultChecked={profile.adultPlusBroadcast} />
                {m.bj_adult_plus({}, o)}
              </label>
              <p className="my-muted">{m.bj_adult_hint({}, o)}</p>
              <div className="my-actions">
                <button type="submit" className="flx-button flx-button--primary">
                  {m.my_setting_save({}, o)}
                </button>
              </div>
            </form>
          </section>
          <section className="my-card" aria-labelledby="bj-preset-title">
            <h2 id="bj-preset-title">{m.bj_preset_title({}, o)}</h2>
            <form
              className="my-form"
              onSubmit={act(
                (d) =>
                  saveLuvPreset(
                    text(d, 'presets')
                      .split(/[\s,]+/)
                      .filter(Boolean)
                      .map(Number),
                  ),
                m.my_setting_saved({}, o),
              )}
            >
              <label>
                {m.bj_preset_label({}, o)}
                <input type="text" name="presets" inputMode="numeric" defaultValue={profile.presets.join(', ')} aria-describedby="bj-preset-hint" />
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
          <ChannelNotices channelId={profile.channelId} notices={profile.notices} locale={locale} onChanged={() => void load()} />
        </>
      )}
    </div>
  );
}
