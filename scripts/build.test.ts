import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { inputHash } from './build.ts';

const page = join(import.meta.dirname, '../src/pages/[brand]/[locale]/404.astro');
const original = readFileSync(page);
afterEach(() => writeFileSync(page, original));

it('changes when a page inside src/ changes, so npm start rebuilds it', () => {
  const before = inputHash();
  appendFileSync(page, '\n');
  expect(inputHash()).not.toBe(before);
  writeFileSync(page, original);
  expect(inputHash()).toBe(before);
});
