/**
 * A brand that does not call its broadcasters BJ (hearheart: host) never shows "BJ": every message
 * of ko and en as the site and the API fill it with the brand's words (`{caster}`, `{currency}`,
 * `{item}`), every catalogue text the API answers, the home banners, and the visible text of every
 * page built for the brand (needs `npm run build:site`; npm test builds first).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRANDS, type Brand } from '../../domain/brands.ts';
import { API_ERRORS, errorMessageKey, type ApiErrorCode } from '../../domain/errors.ts';
import { useTestApp } from '../../api/testing/app.ts';
import ko from '../../messages/ko.json' with { type: 'json' };
import en from '../../messages/en.json' with { type: 'json' };

const DIST = join(import.meta.dirname, '../../dist');
const BJ = /\bBJ\b/;
const CATALOGS = { ko: ko as Record<string, unknown>, en: en as Record<string, unknown> };
/** Brands whose broadcasters are not BJs. */
const NOT_BJ = BRANDS.filter((b) => b.casterTitle.ko !== 'BJ' && b.casterTitle.en !== 'BJ');

function filled(value: string, brand: Brand, locale: 'ko' | 'en'): string {
  return value
    .replaceAll('{caster}', brand.casterTitle[locale])
    .replaceAll('{currency}', brand.currency.shop[locale])
    .replaceAll('{item}', brand.currency.item[locale])
    .replaceAll('{service}', brand.serviceName[locale]);
}

/** Every string inside a message (plain, or the variants of a message with selectors). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** What a visitor reads on a built page: text and the attributes a browser shows or reads aloud. */
function visibleText(html: string): string {
  const withoutCode = html.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<style[\s\S]*?<\/style>/gi, '');
  const attributes = [...withoutCode.matchAll(/\s(?:alt|title|aria-label|placeholder|content|value)="([^"]*)"/gi)].map(
    (m) => m[1],
  );
  return [withoutCode.replace(/<[^>]*>/g, ' '), ...attributes].join('\n');
}

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) htmlFiles(p, out);
    else if (name.endsWith('.html')) out.push(p);
  }
  return out;
}

describe('brand wording', () => {
  it('has a brand that does not say BJ', () => {
    expect(NOT_BJ.map((b) => b.id)).toContain('hearheart');
  });

  it.each(NOT_BJ.map((b) => b.id))('no message of ko or en says BJ to a %s visitor', (id) => {
    const brand = BRANDS.find((b) => b.id === id)!;
    const said: string[] = [];
    for (const locale of ['ko', 'en'] as const)
      for (const [key, value] of Object.entries(CATALOGS[locale]))
        for (const s of strings(value)) if (BJ.test(filled(s, brand, locale))) said.push(`${locale} ${key}: ${s}`);
    expect(said).toEqual([]);
  });

  describe('API texts', () => {
    const t = useTestApp();
    it.each(NOT_BJ.map((b) => b.id))('no catalogue text or home banner says BJ to a %s visitor', async (id) => {
      const said: string[] = [];
      for (const locale of ['ko', 'en'] as const) {
        const headers = { 'x-brand': id, 'accept-language': locale };
        for (const path of [
          '/api/guest/banners',
          '/api/guest/banners-newstyle',
          '/api/guest/events',
          '/api/guest/popups',
        ]) {
          const res = await t.as(null)('GET', path, undefined, headers);
          expect(res.status).toBe(200);
          if (BJ.test(JSON.stringify(res.body))) said.push(`${locale} ${path}`);
        }
        // An unknown path answers 404 through the catalogue: it shows the caller's language and brand.
        const nf = await t.as(null)('GET', '/api/guest/no-such-thing', undefined, headers);
        if (BJ.test(JSON.stringify(nf.body))) said.push(`${locale} 404`);
      }
      const brand = BRANDS.find((b) => b.id === id)!;
      for (const code of Object.keys(API_ERRORS) as ApiErrorCode[])
        for (const locale of ['ko', 'en'] as const) {
          const value = CATALOGS[locale][errorMessageKey(code)];
          for (const s of strings(value)) if (BJ.test(filled(s, brand, locale))) said.push(`${locale} ${code}`);
        }
      expect(said).toEqual([]);
    });
  });

  it.each(NOT_BJ.flatMap((b) => ['ko', 'en'].map((l) => `${b.id}/${l}`)))(
    'no page built for %s shows BJ',
    (variant) => {
      const base = join(DIST, variant);
      expect(existsSync(base), `no build at dist/${variant}: run npm run build:site`).toBe(true);
      const said = htmlFiles(base)
        .filter((f) => BJ.test(visibleText(readFileSync(f, 'utf8'))))
        .map((f) => f.slice(DIST.length));
      expect(said).toEqual([]);
    },
  );
});
