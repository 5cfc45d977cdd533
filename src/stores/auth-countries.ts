/**
 * The country-code list of the foreigner form (SPEC §3 "Country list": phoneCode and countryName,
 * about 230 entries), loaded from the API when the form needs it rather than shipped in every bundle.
 */
import type { Locale } from '../../domain/locales.ts';
import { apiResult } from '../lib/api-client.ts';

export interface CountryOption {
  phoneCode: string;
  name: string;
  /** ISO 3166-1 alpha-2, when the API gives it. */
  iso?: string;
}

type Row = {
  iso?: unknown;
  phoneCode?: unknown;
  countryName?: unknown;
  name?: unknown;
  nameKo?: unknown;
  nameEn?: unknown;
};

function nameOf(row: Row, locale: Locale): string {
  const n = row.countryName ?? row.name;
  if (typeof n === 'string') return n;
  if (n && typeof n === 'object') return String((n as Record<string, unknown>)[locale] ?? '');
  return String((locale === 'ko' ? row.nameKo : row.nameEn) ?? '');
}

/** Rows of the API list as select options in `locale`, sorted by name. */
export function toOptions(rows: unknown, locale: Locale): CountryOption[] {
  const list = Array.isArray(rows)
    ? rows
    : rows && typeof rows === 'object'
      ? ((rows as { data?: unknown; countries?: unknown }).countries ?? (rows as { data?: unknown }).data)
      : [];
  if (!Array.isArray(list)) return [];
  return (list as Row[])
    .map((r) => ({
      phoneCode: String(r.phoneCode ?? '').replace(/^\+/, ''),
      name: nameOf(r, locale),
      ...(typeof r.iso === 'string' ? { iso: r.iso } : {}),
    }))
    .filter((c) => /^\d{1,4}$/.test(c.phoneCode) && c.name)
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The list, or null when it did not come (the form offers a retry). */
export async function loadCountries(locale: Locale): Promise<CountryOption[] | null> {
  const r = await apiResult<unknown>(`/api/guest/countries?locale=${locale}`, { silent: true });
  return r.ok ? toOptions(r.value, locale) : null;
}

/** The caller's country as the edge saw it (`GET /api/auth/geo-ip`); null when unknown. */
async function callerCountry(): Promise<string | null> {
  const r = await apiResult<{ countryCode?: unknown }>('/api/auth/geo-ip', { silent: true });
  return r.ok && typeof r.value?.countryCode === 'string' ? r.value.countryCode : null;
}

/** The list with the caller's own country first, so a form's country code starts on it (the rest stays sorted); null: it did not come. */
export async function loadCountriesForCaller(locale: Locale): Promise<CountryOption[] | null> {
  const [list, iso] = await Promise.all([loadCountries(locale), callerCountry()]);
  if (!list) return null;
  const mine = list.findIndex((c) => c.iso === iso);
  return mine <= 0 ? list : [list[mine]!, ...list.slice(0, mine), ...list.slice(mine + 1)];
}
