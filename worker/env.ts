import type { Brand } from '../domain/brands.ts';
import type { Locale } from '../domain/locales.ts';

export interface Bindings {
  ASSETS: Fetcher;
  /** Origin of the platform API (no trailing slash). */
  API_ORIGIN: string;
}

export interface Variables {
  brand: Brand;
  /** Domain attribute for cookies set on this request's host; null = host-only. */
  cookieDomain: string | null;
  locale: Locale;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
