import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

interface Props {
  locale: Locale;
  status: 'starting' | 'reconnecting' | 'error';
  /** Whether another quality may be picked (the error then suggests it). */
  otherQualities: boolean;
}

/**
 * What is said over the video while it does not play: a live about to start or waiting for its
 * encoder (announced politely, the player retries by itself), or an error with what the viewer can
 * do about it (announced at once).
 */
export function PlayerMessage({ locale, status, otherQualities }: Props) {
  const o = { locale };
  if (status !== 'error')
    return (
      <p className="player-message" role="status">
        {status === 'starting' ? m.player_starting({}, o) : m.player_reconnecting({}, o)}
      </p>
    );
  return (
    <div className="player-message player-message--error" role="alert">
      <p>
        {m.player_error({}, o)}
        {otherQualities && ` ${m.player_error_quality({}, o)}`}
      </p>
      <button type="button" onClick={() => location.reload()}>
        {m.player_reload({}, o)}
      </button>
    </div>
  );
}
