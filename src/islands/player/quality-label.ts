/** How the quality menu names the playback choice's qualities (playback-choice.ts). */
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { PlaybackChoice, Quality } from './playback-choice.ts';

/** A quality as the menu names it: "720p", "원본 (1080p)" / "Source (1080p)", the id when its height is unknown. */
export function qualityLabel(q: Quality, locale: Locale): string {
  const o = { locale };
  if (q.source) return q.height ? m.player_quality_source_at({ height: q.height }, o) : m.player_quality_source({}, o);
  return q.height ? `${q.height}p` : q.id;
}

/** Auto as the menu names it: "자동 (480p)" / "Auto (480p)" with the height Auto plays, once known. */
export function autoLabel(choice: PlaybackChoice, locale: Locale): string {
  const o = { locale };
  const height = choice.selected === 'auto' ? choice.playing?.height : null;
  return height ? m.player_quality_auto_at({ height }, o) : m.player_quality_auto({}, o);
}

/** What the menu button says is chosen: Auto (with the height it plays) or the quality picked. */
export function chosenLabel(choice: PlaybackChoice, locale: Locale): string {
  const picked = choice.qualities.find((q) => q.id === choice.selected);
  return picked ? qualityLabel(picked, locale) : autoLabel(choice, locale);
}
