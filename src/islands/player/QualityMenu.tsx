import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { type PlaybackChoice, selectQuality } from './playback-choice.ts';
import { autoLabel, qualityLabel } from './quality-label.ts';

interface Props {
  locale: Locale;
  choice: PlaybackChoice;
  /** Closes the menu; `refocus`: focus goes back to its button (Escape, a pick), not on a click elsewhere. */
  onClose: (refocus: boolean) => void;
}

/**
 * The quality menu's popup (PlayerExtras.tsx): a `menu` of
 * `menuitemradio`s, Auto first, then the qualities highest first (WAI-ARIA APG menu button: arrows
 * and Home/End move, Escape closes and gives the focus back, Tab leaves and closes).
 */
export default function QualityMenu({ locale, choice, onClose }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const items = [
    { id: 'auto', label: autoLabel(choice, locale) },
    ...choice.qualities.map((q) => ({ id: q.id, label: qualityLabel(q, locale) })),
  ];

  useEffect(() => {
    const checked = list.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? list.current?.querySelector<HTMLElement>('[role="menuitemradio"]'))?.focus();
    const outside = (e: PointerEvent) => {
      if (!list.current?.parentElement?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    const all = Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    const to = move[e.key];
    if (to !== undefined) {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };

  return (
    <div
      ref={list}
      className="player-menu"
      role="menu"
      aria-label={m.player_quality({}, { locale })}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitemradio"
          aria-checked={choice.selected === item.id}
          tabIndex={-1}
          onClick={() => {
            selectQuality(item.id);
            onClose(true);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
