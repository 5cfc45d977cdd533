import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

/**
 * The player's keyboard shortcuts (YouTube's, which viewers know): Space or K play/pause, M sound,
 * F full screen, ↑/↓ volume, ←/→ 5 s back or forward in a recording, 10 s in a live (rewind). Only while the focus is on the
 * player or nowhere (the page's body): never while the viewer types (the chat's input, any field,
 * an editable area, an IME composing Korean), never with a modifier (the browser's and the system's
 * own shortcuts), never over a control's own keys (Space on a button, arrows on a slider).
 * Loaded after the player hydrates (PlayerControls.tsx); the buttons say their keys (aria-keyshortcuts),
 * and the controls' bar lists them in its tooltip once they work.
 */

export interface ShortcutActions {
  togglePlay(): void;
  toggleSound(): void;
  toggleFullscreen(): void;
  /** Changes the volume by `delta` (0..1). */
  volume(delta: number): void;
  /** Moves the position by `seconds` (a live: rewinds, live-rewind.ts). */
  seek?: (seconds: number) => void;
  /** How far ← and → move (default 5 s; a live's 10 s). */
  seekStepS?: number;
  /** Whether ← and → are ours now (a live: only where it can be rewound); default yes. */
  canSeek?: () => boolean;
}

const VOLUME_STEP = 0.05;
const SEEK_STEP_S = 5;
const TYPING =
  'input:not([type="range"]):not([type="button"]):not([type="checkbox"]),textarea,select,[contenteditable]';
/** Elements whose own keys (Space, Enter, arrows) do something: those keys are theirs. */
const OWN_KEYS = 'button,a[href],input,select,textarea,[role="menuitemradio"],[role="slider"],[tabindex]:not(.player)';

/** Listens on the document for `player`'s shortcuts; returns the stop. */
export function installShortcuts(player: HTMLElement, actions: ShortcutActions, locale: Locale): () => void {
  const bar = player.querySelector<HTMLElement>('.player-controls');
  const o = { locale };
  const seekKeys = actions.seekStepS ? m.player_keys_rewind({}, o) : m.player_keys_seek({}, o);
  if (bar) bar.title = `${m.player_keys({}, o)}${actions.seek ? `, ${seekKeys}` : ''}`;
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.isComposing || e.keyCode === 229)
      return;
    const target = e.target instanceof Element ? e.target : null;
    const onPage = !target || target === document.body || target === document.documentElement;
    if (!onPage && !player.contains(target)) return;
    if (target?.closest(TYPING) || (target as HTMLElement | null)?.isContentEditable) return;
    const key = keyOf(e);
    const own = !onPage && target?.closest(OWN_KEYS) !== null && target !== player;
    const act = pick(key, own, actions);
    if (!act) return;
    e.preventDefault();
    act();
  };
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('keydown', onKey);
    bar?.removeAttribute('title');
  };
}

/** The key pressed; K, M and F also by their place (a Korean layout's ㅏ, ㅡ, ㄹ keys). */
function keyOf(e: KeyboardEvent): string {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const place = /^Key([KMF])$/.exec(e.code)?.[1];
  return /^[a-z ]$/.test(key) || !place ? key : place.toLowerCase();
}

function pick(key: string, own: boolean, a: ShortcutActions): (() => void) | null {
  if (key === 'k') return a.togglePlay;
  if (key === 'm') return a.toggleSound;
  if (key === 'f') return a.toggleFullscreen;
  // Space, arrows: a focused control's own (a button's press, a slider's step).
  if (own) return null;
  if (key === ' ') return a.togglePlay;
  if (key === 'ArrowUp') return () => a.volume(VOLUME_STEP);
  if (key === 'ArrowDown') return () => a.volume(-VOLUME_STEP);
  const seek = a.canSeek && !a.canSeek() ? undefined : a.seek;
  const step = a.seekStepS ?? SEEK_STEP_S;
  if (seek && key === 'ArrowLeft') return () => seek(-step);
  if (seek && key === 'ArrowRight') return () => seek(step);
  return null;
}
