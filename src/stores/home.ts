/**
 * The home page's lists (page keys HOME, THEME, VOD, CASTER, EVENT; the member
 * lists are in home-member.ts), and its banners and popups. Lists page further on scroll.
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import type { Banner, Banners, CasterCard, EventBanner, Popup, Popups, ThemeEntry } from '../../domain/answers/home.ts';
import { apiResult } from '../lib/api-client.ts';
import type { StreamCard } from '../../domain/answers/channels.ts';
import { pagedList } from './paged-list.ts';

export type { Banner, CasterCard, EventBanner, Popup } from '../../domain/answers/home.ts';

const liveTheme = atom<number | null>(null);
/** The broadcast theme the live list is filtered by (THEME); null = all. */
export const $liveTheme: ReadableAtom<number | null> = liveTheme;

export const homeLives = pagedList<StreamCard>(() =>
  liveTheme.get() === null ? '/api/lives' : `/api/lives?themeId=${liveTheme.get()}`,
);
export const homeVods = pagedList<StreamCard>(() => '/api/home/vods');
export const homeCasters = pagedList<CasterCard>(() => '/api/home/casters');

export function selectTheme(themeId: number | null): void {
  if (liveTheme.get() === themeId) return;
  liveTheme.set(themeId);
  homeLives.reset();
  void homeLives.loadMore();
}

type ThemesState = { status: 'loading' | 'ready' | 'error'; list: ThemeEntry[] };
const themes = map<ThemesState>({ status: 'loading', list: [] });
export const $themes: ReadableAtom<ThemesState> = themes;

export async function loadThemes(): Promise<void> {
  themes.setKey('status', 'loading');
  const r = await apiResult<ThemeEntry[]>('/api/guest/themes?device=PCWEB', { silent: true });
  themes.set(r.ok ? { status: 'ready', list: r.value } : { status: 'error', list: [] });
}

export const homeEvents = pagedList<EventBanner>(() => '/api/guest/events', { paged: false });

/** `loaded`: the answer is in (until then the page keeps the banners' row free, so nothing shifts). */
const promos = map<{ banners: Banner[]; popups: Popup[]; loaded: boolean }>({ banners: [], popups: [], loaded: false });
export const $homePromos: ReadableAtom<{ banners: Banner[]; popups: Popup[]; loaded: boolean }> = promos;

const POPUP_HIDDEN_KEY = 'flx_popup_hidden';
const today = () => new Date().toISOString().slice(0, 10);

function hiddenToday(): number[] {
  try {
    const saved = JSON.parse(localStorage.getItem(POPUP_HIDDEN_KEY) ?? 'null') as { day: string; ids: number[] } | null;
    return saved?.day === today() ? saved.ids : [];
  } catch {
    return [];
  }
}

export async function loadPromos(device: 'PCWEB' | 'MOBILEWEB'): Promise<void> {
  const [banners, popups] = await Promise.all([
    apiResult<Banners>(`/api/guest/banners?device=${device}`, { silent: true }),
    apiResult<Popups>('/api/guest/popups', { silent: true }),
  ]);
  const hidden = hiddenToday();
  const shown = popups.ok ? popups.value.list.filter((p) => !hidden.includes(p.popupId)) : [];
  promos.set({ banners: banners.ok ? banners.value.list : [], popups: shown, loaded: true });
}

/** Closes a popup; with `forToday` it stays closed until tomorrow on this browser. */
export function closePopup(popupId: number, forToday: boolean): void {
  if (forToday) {
    try {
      localStorage.setItem(POPUP_HIDDEN_KEY, JSON.stringify({ day: today(), ids: [...hiddenToday(), popupId] }));
    } catch {
      // Storage may be unavailable (private mode): closing for this page view still works.
    }
  }
  promos.setKey(
    'popups',
    promos.get().popups.filter((p) => p.popupId !== popupId),
  );
}
