import { useId, useState, type FormEvent } from 'react';
import { LIVE_AUTH_PASSWORD_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { enterPassword } from '../../stores/channel.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/** Password-protected lives go through live-Auth before the player gets a source. */
export function PasswordGate({ locale, channelId, viewerId }: { locale: Locale; channelId: number; viewerId: string }) {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<'ok' | 'wrong' | 'locked'>('ok');
  const id = useId();
  const o = { locale };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setOutcome(await enterPassword(channelId, viewerId, password));
  }
  return (
    <form className="password-gate" onSubmit={submit}>
      <label htmlFor={id}>{m.channel_password_label({}, o)}</label>
      <input
        id={id}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        maxLength={LIVE_AUTH_PASSWORD_LENGTH_MAX}
        autoComplete="off"
      />
      <button type="submit">{m.channel_password_submit({}, o)}</button>
      {outcome === 'wrong' && <FormMessage>{m.channel_password_wrong({}, o)}</FormMessage>}
      {outcome === 'locked' && <FormMessage>{m.channel_password_locked({}, o)}</FormMessage>}
    </form>
  );
}
