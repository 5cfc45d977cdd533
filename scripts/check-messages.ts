/**
 * Build guard for the translations (STACK-NOTES §2). Fails the build when:
 * - Paraglide compiled into nothing (a missing plugin compiles "successfully");
 * - a message used in code is absent from ko or en (the offered locales: it would render empty);
 * - a key of ko.json (the base locale) is missing from en, ja or zh, a file holds a key ko.json
 *   no longer has, or one key's placeholders differ between the files.
 * `node scripts/check-messages.ts --missing ja` prints what ja lacks as JSON (`{ key: { en, ko } }`),
 * the list to translate when keys were added to ko and en.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { API_ERRORS, errorMessageKey, type ApiErrorCode } from '../domain/errors.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OFFERED = ['ko', 'en'];
/** Every resource file; ko first: it is the base locale the others are measured against. */
export const CATALOG_LOCALES = ['ko', 'en', 'ja', 'zh'] as const;
export type CatalogLocale = (typeof CATALOG_LOCALES)[number];
export type Catalog = Record<string, unknown>;

const CODE_DIRS = ['src'];
/** The local names a file binds Paraglide's messages to: `import { m }`, `{ m as t }`, `* as msg`. */
const IMPORT =
  /import\s*(?:\{\s*m(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*\}|\*\s*as\s+([A-Za-z_$][\w$]*))\s*from\s*['"][^'"]*paraglide\/messages(?:\.js)?['"]/g;

function messageUses(source: string): string[] {
  const names = [...source.matchAll(IMPORT)].map((i) => i[1] ?? i[2] ?? 'm');
  return names.flatMap((name) =>
    [
      ...source.matchAll(new RegExp(`(?<![\\w$.])${name.replace('$', '\\$')}\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\(`, 'g')),
    ].map((u) => u[1]!),
  );
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'paraglide' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(astro|tsx?|jsx?)$/.test(name)) out.push(p);
  }
  return out;
}

/** The message keys of a resource file (its `$schema` is not a message). */
export function messageKeys(catalog: Catalog): string[] {
  return Object.keys(catalog).filter((k) => !k.startsWith('$'));
}

/**
 * The inputs a message takes, sorted: `{name}` in its text, and for a message with variants
 * (inlang's `declarations` / `selectors` / `match`) the `input name` declarations and the
 * `{name}` of every variant, less the `local` names the message declares itself.
 */
export function placeholders(value: unknown): string[] {
  const inputs = new Set<string>();
  const locals = new Set<string>();
  const visit = (v: unknown, inDeclarations = false): void => {
    if (typeof v === 'string') {
      if (inDeclarations) {
        const d = /^\s*(input|local)\s+([A-Za-z_]\w*)/.exec(v);
        if (d) (d[1] === 'input' ? inputs : locals).add(d[2]!);
      } else for (const m of v.matchAll(/\{\s*([A-Za-z_]\w*)[^}]*\}/g)) inputs.add(m[1]!);
    } else if (Array.isArray(v)) v.forEach((x) => visit(x, inDeclarations));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (k !== 'selectors') visit(x, k === 'declarations');
    }
  };
  visit(value);
  return [...inputs].filter((n) => !locals.has(n)).sort();
}

/** Keys of ko.json that `locale`'s file lacks, in ko.json's order. */
export function missingKeys(catalogs: Record<CatalogLocale, Catalog>, locale: CatalogLocale): string[] {
  return messageKeys(catalogs.ko).filter((k) => !(k in catalogs[locale]));
}

/** What differs between the four files, measured against ko.json: one line per problem. */
export function catalogProblems(catalogs: Record<CatalogLocale, Catalog>): string[] {
  const problems: string[] = [];
  const base = catalogs.ko;
  for (const locale of CATALOG_LOCALES.slice(1)) {
    const catalog = catalogs[locale];
    const missing = missingKeys(catalogs, locale);
    if (missing.length) {
      problems.push(
        `messages/${locale}.json lacks ${missing.length} key(s) of ko.json: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''} (list them: node scripts/check-messages.ts --missing ${locale})`,
      );
    }
    for (const key of messageKeys(catalog)) {
      if (!(key in base)) {
        problems.push(`messages/${locale}.json has "${key}", which ko.json no longer has: delete it`);
        continue;
      }
      const want = placeholders(base[key]).join(', ');
      const got = placeholders(catalog[key]).join(', ');
      if (want !== got) problems.push(`messages/${locale}.json "${key}" takes {${got}} but ko.json takes {${want}}`);
    }
  }
  return problems;
}

export function readCatalogs(root = ROOT): Record<CatalogLocale, Catalog> {
  return Object.fromEntries(
    CATALOG_LOCALES.map((l) => [l, JSON.parse(readFileSync(join(root, `messages/${l}.json`), 'utf8')) as Catalog]),
  ) as Record<CatalogLocale, Catalog>;
}

/** Messages the code uses, with the file that uses each. */
function usedMessages(): Map<string, string> {
  const used = new Map<string, string>();
  for (const dir of CODE_DIRS) {
    for (const file of walk(join(ROOT, dir))) {
      for (const key of messageUses(readFileSync(file, 'utf8'))) used.set(key, file.slice(ROOT.length));
    }
  }
  // The API answers every catalogue code with its message, and some answers with a message of their own.
  for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) used.set(errorMessageKey(code), 'domain/errors.ts');
  for (const file of walk(join(ROOT, 'api'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/messageKey: '([a-z][a-z0-9_]*)'/g))
      used.set(m[1]!, file.slice(ROOT.length));
  }
  return used;
}

function main(): void {
  const catalogs = readCatalogs();
  const missingFor = process.argv.indexOf('--missing');
  if (missingFor > 0) {
    const locale = process.argv[missingFor + 1] as CatalogLocale;
    if (!CATALOG_LOCALES.includes(locale)) throw new Error(`--missing takes one of ${CATALOG_LOCALES.join(', ')}`);
    const rows = missingKeys(catalogs, locale).map((k) => [k, { en: catalogs.en[k], ko: catalogs.ko[k] }]);
    console.log(JSON.stringify(Object.fromEntries(rows), null, 2));
    return;
  }
  const problems: string[] = [];
  const index = readFileSync(join(ROOT, 'src/paraglide/messages/_index.js'), 'utf8');
  if (!/^export /m.test(index))
    problems.push('src/paraglide/messages/_index.js exports nothing: is the inlang plugin loading from node_modules?');
  const used = usedMessages();
  for (const [key, file] of used) {
    for (const locale of OFFERED) {
      if (!(key in catalogs[locale as CatalogLocale]))
        problems.push(`message "${key}" used in ${file} is missing from messages/${locale}.json`);
    }
  }
  problems.push(...catalogProblems(catalogs));
  if (problems.length) {
    console.error(problems.map((p) => `✗ ${p}`).join('\n'));
    process.exit(1);
  }
  console.log(
    `✓ messages: ${used.size} used, all present in ${OFFERED.join(' and ')}; ${messageKeys(catalogs.ko).length} keys in each of ${CATALOG_LOCALES.join(', ')}`,
  );
}

if (import.meta.main) main();
