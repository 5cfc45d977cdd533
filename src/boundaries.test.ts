import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md "Site-side building blocks": components read stores and call their actions;
// the API client and the stores' own call tables are reached only through stores; src/lib is below
// src/stores and never imports it.
const SRC = import.meta.dirname;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'paraglide') continue;
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(astro|tsx?)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
const offenders = (dirs: string[], bad: RegExp) =>
  dirs
    .flatMap((d) => files(join(SRC, d)))
    .flatMap((f) =>
      imports(f)
        .filter((i) => bad.test(i))
        .map((i) => `${relative(SRC, f)} → ${i}`),
    );

describe('site layers', () => {
  it('no component imports the API client or a store’s call table', () => {
    expect(
      offenders(
        ['islands', 'components', 'layouts', 'pages'],
        /(?:^|\/)(?:lib\/api-client|stores\/[\w-]+-api)\.ts$|\/api\.ts$/,
      ),
    ).toEqual([]);
  });
  it('src/lib imports nothing from src/stores', () => {
    expect(offenders(['lib'], /(?:^|\/)stores\//)).toEqual([]);
  });
  it('a store’s call table is imported by its own stores only', () => {
    const outside = files(join(SRC, 'stores'))
      .filter((f) => !/\/luv[\w-]*\.ts$/.test(f))
      .flatMap((f) => imports(f).filter((i) => /luv-api\.ts$/.test(i)));
    expect(outside).toEqual([]);
  });
});
