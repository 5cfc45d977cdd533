import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelLivePath } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $suggestions, loadSuggestions } from '../../stores/suggestions.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/** "Recommended live channels": other channels on the air now, each linking to its live page. */
export function SuggestedChannels({
  channelId,
  memberId,
  locale,
}: {
  channelId: number | null;
  memberId: number | null;
  locale: Locale;
}) {
  const o = { locale };
  const s = useStore($suggestions);
  const load = () => void loadSuggestions({ memberId, except: channelId });
  useEffect(load, [channelId, memberId]);
  return (
    <section aria-labelledby="suggested-heading" aria-busy={s.status === 'loading'} className="channel-suggested">
      <h2 id="suggested-heading">{m.channel_suggested_heading({}, o)}</h2>
      {s.status === 'loading' && <p>{m.channel_suggested_loading({}, o)}</p>}
      {s.status === 'error' && (
        <FormMessage>
          {s.failure
            ? failureText(s.failure, locale, m.channel_suggested_error({}, o))
            : m.channel_suggested_error({}, o)}{' '}
          <button type="button" onClick={load}>
            {m.channel_suggested_retry({}, o)}
          </button>
        </FormMessage>
      )}
      {s.status === 'ready' && s.list.length === 0 && <p>{m.channel_suggested_empty({}, o)}</p>}
      {s.list.length > 0 && (
        <ul className="channel-suggested-list">
          {s.list.map((c) => (
            <li key={c.channelId}>
              <a href={channelLivePath(c.channelId)}>{c.nickname}</a>
              {c.title && <span> · {c.title}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
