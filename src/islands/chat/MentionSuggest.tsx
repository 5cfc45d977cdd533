/** @ autocomplete's list, loaded the first time a member types `@` (the input keeps the keys). */
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import './chat-popups.css';

const SUGGESTIONS_MAX = 6;

/** Names that start with the query first, then names that contain it; case-insensitive, at most six. */
export function matchNames(names: readonly string[], query: string): string[] {
  const q = query.toLowerCase();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of names) {
    const n = name.toLowerCase();
    if (n.startsWith(q)) starts.push(name);
    else if (q && n.includes(q)) contains.push(name);
  }
  return [...starts, ...contains].slice(0, SUGGESTIONS_MAX);
}

interface Props {
  id: string;
  locale: Locale;
  names: string[];
  active: number;
  onPick: (name: string) => void;
}

export function MentionList({ id, locale, names, active, onPick }: Props) {
  return (
    <div id={id} role="listbox" className="chat-mentions" aria-label={m.chat_mention_list({}, { locale })}>
      {names.map((name, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the input keeps focus and handles the keys (aria-activedescendant)
        <div
          key={name}
          id={`${id}-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          // The input keeps focus: a press on an option must not blur it.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(name)}
        >
          @{name}
        </div>
      ))}
    </div>
  );
}
