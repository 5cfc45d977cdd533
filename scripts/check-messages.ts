/**
 * Build guard for Paraglide (STACK-NOTES §2): a missing plugin compiles "successfully" into
 * nothing, and a message used in code but absent from ko or en would render empty.
 * Fails the build in both cases.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { API_ERRORS, errorMessageKey, type ApiErrorCode } from '../domain/errors.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OFFERED = ['ko', 'en'];
const CODE_DIRS = ['src'];
/** The local names a file binds Paraglide's messages to: `import { m }`, `{ m as t }`, `* as msg`. */
const IMPORT = /import\s*(?:\{\s*m(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*\}|\*\s*as\s+([A-Za-z_$][\w$]*))\s*from\s*['"][^'"]*paraglide\/messages(?:\.js)?['"]/g;

function messageUses(source: string): string[] {
  const names = [...source.matchAll(IMPORT)].map((i) => i[1] ?? i[2] ?? 'm');
  return names.flatMap((name) =>
    [...source.matchAll(new RegExp(`(?<![\\w$.])${name.replace('$', '\\$')}\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\(`, 'g'))].map((u) => u[1]!),
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

const problems: string[] = [];
const index = readFileSync(join(ROOT, 'src/paraglide/messages/_index.js'), 'utf8');
if (!/^export /m.test(index)) problems.push('src/paraglide/messages/_index.js exports nothing: is the inlang plugin loading from node_modules?');

const catalogs = Object.fromEntries(OFFERED.map((l) => [l, JSON.parse(readFileSync(join(ROOT, `messages/${l}.json`), 'utf8')) as Record<string, unknown>]));
const used = new Map<string, string>();
for (const dir of CODE_DIRS) {
  for (const file of walk(join(ROOT, dir))) {
    for (const key of messageUses(readFileSync(file, 'utf8'))) used.set(key, file.slice(ROOT.length));
  }
}
// The API answers every catalogue code with its message, and some answers with a message of their own.
for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) used.set(errorMessageKey(code), 'domain/errors.ts');
for (const file of walk(join(ROOT, 'api'))) {
  for (const m of readFileSync(file, 'utf8').matchAll(/messageKey: '([a-z][a-z0-9_]*)'/g)) used.set(m[1]!, file.slice(ROOT.length));
}
for (const [key, file] of used) {
  for (const locale of OFFERED) {
    if (!(key in catalogs[locale]!)) problems.push(`message "${key}" used in ${file} is missing from messages/${locale}.json`);
  }
}
if (problems.length) {
  console.error(problems.map((p) => `✗ ${p}`).join('\n'));
  process.exit(1);
}
console.log(`✓ messages: ${used.size} used, all present in ${OFFERED.join(' and ')}`);
