/**
 * $chatPrefs: how this browser shows the chat (timestamps, density), kept in localStorage. A
 * browser that refuses storage (private mode, a full quota) keeps the choice for the page's life.
 */
import { atom, type ReadableAtom } from 'nanostores';

export type ChatDensity = 'comfortable' | 'compact';
export interface ChatPrefs {
  timestamps: boolean;
  density: ChatDensity;
  /** Hold incoming lines until the viewer's video reaches their moment (src/islands/chat/chat-hold.ts); on by default. */
  syncVideo: boolean;
}

const KEY = 'flx_chat_prefs';
const DEFAULTS: ChatPrefs = { timestamps: false, density: 'comfortable', syncVideo: true };

function saved(): ChatPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ChatPrefs> | null;
    return {
      timestamps: raw?.timestamps === true,
      density: raw?.density === 'compact' ? 'compact' : 'comfortable',
      syncVideo: raw?.syncVideo !== false,
    };
  } catch {
    return DEFAULTS;
  }
}

const prefs = atom<ChatPrefs>(typeof localStorage === 'undefined' ? DEFAULTS : saved());
export const $chatPrefs: ReadableAtom<ChatPrefs> = prefs;

export function setChatPrefs(change: Partial<ChatPrefs>): void {
  const next = { ...prefs.get(), ...change };
  prefs.set(next);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Not kept across visits; the page still shows the choice.
  }
}
