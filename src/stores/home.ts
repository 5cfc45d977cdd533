/** $homeLives and the member lists of the home page; lists page further on scroll. */
import { map, type ReadableAtom } from 'nanostores';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import { apiRequest } from '../lib/api-client.ts';
import type { StreamCard } from './channel.ts';

export interface PagedList {
  items: StreamCard[];
  total: number;
  loading: boolean;
  done: boolean;
}

const empty = (): PagedList => ({ items: [], total: 0, loading: false, done: false });
const lives = map<PagedList>(empty());
export const $homeLives: ReadableAtom<PagedList> = lives;
const mine = map<{ recent: StreamCard[]; subscriptions: StreamCard[] }>({ recent: [], subscriptions: [] });
export const $homeMine: ReadableAtom<{ recent: StreamCard[]; subscriptions: StreamCard[] }> = mine;

export async function loadMoreLives(): Promise<void> {
  const s = lives.get();
  if (s.loading || s.done) return;
  lives.setKey('loading', true);
  try {
    const r = await apiRequest<{ list: StreamCard[]; total: number }>(`/api/lives?offset=${s.items.length}&limit=${LIST_LIMIT_STREAMS}`, { silent: true });
    const items = [...s.items, ...r.list];
    lives.set({ items, total: r.total, loading: false, done: r.list.length < LIST_LIMIT_STREAMS || items.length >= r.total });
  } catch {
    lives.set({ ...lives.get(), loading: false, done: true });
  }
}

export async function loadMine(): Promise<void> {
  const [recent, subscriptions] = await Promise.all([
    apiRequest<{ list: StreamCard[] }>('/api/my/streams/played', { silent: true }).catch(() => ({ list: [] })),
    apiRequest<{ list: StreamCard[] }>('/api/my/streams/subscriptions', { silent: true }).catch(() => ({ list: [] })),
  ]);
  mine.set({ recent: recent.list, subscriptions: subscriptions.list });
}

export interface Localized {
  ko: string;
  en: string;
}
export interface Banner {
  bannerId: number;
  title: Localized;
  body: Localized;
  link: string;
  colors: [string, string];
}
export interface Popup {
  popupId: number;
  title: Localized;
  body: Localized;
  link: string | null;
}

const promos = map<{ banners: Banner[]; popups: Popup[] }>({ banners: [], popups: [] });
export const $homePromos: ReadableAtom<{ banners: Banner[]; popups: Popup[] }> = promos;

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
    apiRequest<{ list: Banner[] }>(`/api/guest/banners?device=${device}`, { silent: true }).catch(() => ({ list: [] })),
    apiRequest<{ list: Popup[] }>('/api/guest/popups', { silent: true }).catch(() => ({ list: [] })),
  ]);
  const hidden = hiddenToday();
  promos.set({ banners: banners.list, popups: popups.list.filter((p) => !hidden.includes(p.popupId)) });
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
  promos.setKey('popups', promos.get().popups.filter((p) => p.popupId !== popupId));
}
