import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md "The API by product idea": a route parses, authorises, calls its idea's functions and
// answers; the queries live in the idea's own modules. What several ideas share sits below them (http/,
// ledger/, auth/, db/, providers/, storage/) and never imports an idea.
const API = import.meta.dirname;
const LOWER = ['http', 'ledger', 'auth', 'db', 'providers', 'storage'];
const NOT_IDEAS = new Set([...LOWER, 'testing', 'jobs']);

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'migrations') continue;
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) out.push(p);
  }
  return out;
}

const ideas = readdirSync(API).filter((d) => statSync(join(API, d)).isDirectory() && !NOT_IDEAS.has(d));
const ideaFiles = ideas.flatMap((d) => files(join(API, d)));
const isRouteFile = (f: string) => /^(?:routes|[\w-]+-routes)\.ts$/.test(basename(f));
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
/** What `file` imports, as paths relative to api/ (packages as they are). */
const resolvedImports = (file: string) =>
  importsOf(file).map((i) => (i.startsWith('.') ? relative(API, resolve(dirname(file), i)) : i));

describe('the API by product idea', () => {
  it('has idea folders', () => {
    expect(ideas).toEqual(expect.arrayContaining(['accounts', 'channels', 'lives', 'chat', 'gifts', 'ingest']));
  });

  it('defines routes only in routes.ts or <topic>-routes.ts files', () => {
    const elsewhere = ideaFiles.filter((f) => !isRouteFile(f) && /\bnew Hono\b/.test(readFileSync(f, 'utf8')));
    expect(elsewhere.map((f) => relative(API, f))).toEqual([]);
  });

  it('runs no query in a route file', () => {
    // `.delete('/path', …)` is a DELETE route; drizzle's delete takes a table.
    const query = /\.(?:select|selectDistinct|insert|update|delete|execute|transaction)\((?!\s*['"`])|\bsql`/;
    const offenders = ideaFiles.filter(isRouteFile).flatMap((f) => {
      const bad = resolvedImports(f).filter((i) => i === 'drizzle-orm' || /^db\/schema(?:\/|$)/.test(i));
      const text = readFileSync(f, 'utf8');
      return [...bad.map((i) => `${relative(API, f)} imports ${i}`), ...(query.test(text) ? [relative(API, f)] : [])];
    });
    expect(offenders).toEqual([]);
  });

  it('keeps the shared layers below the ideas', () => {
    const upward = LOWER.flatMap((d) => files(join(API, d))).flatMap((f) =>
      resolvedImports(f)
        .filter((i) => ideas.includes(i.split('/')[0]!))
        .map((i) => `${relative(API, f)} → ${i}`),
    );
    expect(upward).toEqual([]);
  });
});
