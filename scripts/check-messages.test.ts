import { describe, expect, it } from 'vitest';
import {
  catalogProblems,
  CATALOG_LOCALES,
  missingKeys,
  placeholders,
  readCatalogs,
  type Catalog,
  type CatalogLocale,
} from './check-messages.ts';

const SCHEMA = { $schema: 'https://inlang.com/schema/inlang-message-format' };
const plural = (one: string, other: string) => [
  {
    declarations: ['input count', 'local countPlural = count: plural'],
    selectors: ['countPlural'],
    match: { 'countPlural=one': one, 'countPlural=other': other },
  },
];

function catalogs(overrides: Partial<Record<CatalogLocale, Catalog>> = {}): Record<CatalogLocale, Catalog> {
  const whole = { ...SCHEMA, hello: 'x {name}', items: plural('{count} item', '{count} items') };
  return { ko: whole, en: whole, ja: whole, zh: whole, ...overrides };
}

describe('placeholders', () => {
  it('reads {name} in a text, sorted and once each', () => {
    expect(placeholders('{b} and {a} and {b}')).toEqual(['a', 'b']);
    expect(placeholders('no inputs')).toEqual([]);
  });

  it('reads the inputs of a message with variants, not its own local names or selectors', () => {
    expect(placeholders(plural('{count} item from {who}', '{count} items'))).toEqual(['count', 'who']);
  });
});

describe('catalogProblems', () => {
  it('finds nothing when the four files hold the same keys and inputs', () => {
    expect(catalogProblems(catalogs())).toEqual([]);
  });

  it.each(['en', 'ja', 'zh'] as const)('fails when %s lacks a key of ko.json, and says how to list them', (locale) => {
    const problems = catalogProblems(catalogs({ [locale]: { ...SCHEMA, items: plural('{count}', '{count}') } }));
    expect(problems).toEqual([expect.stringContaining(`messages/${locale}.json lacks 1 key(s) of ko.json: hello`)]);
    expect(problems[0]).toContain(`--missing ${locale}`);
  });

  it('fails when a file keeps a key ko.json no longer has', () => {
    const ja = { ...catalogs().ja, gone: 'x' };
    expect(catalogProblems(catalogs({ ja }))).toEqual([
      expect.stringContaining('messages/ja.json has "gone", which ko.json no longer has'),
    ]);
  });

  it('fails when one key takes other placeholders in one language', () => {
    const zh = { ...catalogs().zh, hello: 'x {nickname}' };
    expect(catalogProblems(catalogs({ zh }))).toEqual([
      'messages/zh.json "hello" takes {nickname} but ko.json takes {name}',
    ]);
  });

  it('fails when a message with variants takes another input', () => {
    const items = [
      {
        ...plural('', '')[0],
        declarations: ['input n', 'local nPlural = n: plural'],
        match: { 'nPlural=other': '{n} items' },
      },
    ];
    expect(catalogProblems(catalogs({ en: { ...catalogs().en, items } }))).toEqual([
      'messages/en.json "items" takes {n} but ko.json takes {count}',
    ]);
  });
});

describe('the resource files of the repository', () => {
  const real = readCatalogs();
  // Names that are written the same way in every language (the social providers' brand names among them).
  const SAME_EVERYWHERE = new Set([
    'shell_locale_ko',
    'shell_locale_en',
    'channel_live_badge',
    'luv_method_kakaopay',
    'dev_oauth_name_kakao',
    'dev_oauth_name_naver',
    'dev_oauth_name_google',
    'dev_oauth_name_twitch',
  ]);

  it('hold every key of ko.json in en, ja and zh with the same placeholders', () => {
    expect(catalogProblems(real)).toEqual([]);
    for (const locale of CATALOG_LOCALES) expect(missingKeys(real, locale)).toEqual([]);
  });

  it('translate ja and zh rather than copy ko or en', () => {
    for (const locale of ['ja', 'zh'] as const) {
      const copied = Object.keys(real[locale]).filter(
        (k) =>
          !k.startsWith('$') &&
          /[A-Za-z가-힣]{4}/.test(String(real.en[k]).replace(/\{\w+\}/g, '')) &&
          (real[locale][k] === real.en[k] || real[locale][k] === real.ko[k]),
      );
      // Language names, the LIVE badge and a brand name read the same in every language.
      expect(
        copied.filter((k) => !SAME_EVERYWHERE.has(k)),
        locale,
      ).toEqual([]);
    }
  });
});
