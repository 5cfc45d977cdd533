import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScript, scriptHash } from './inline-script.ts';

describe('inlineScript', () => {
  it('bundles an entry and what it imports into one script with no import or export left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flx-inline-'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(
      join(dir, 'lib', 'mode.ts'),
      "export const mode = (s: string): string => s.toUpperCase();\nexport const unused = () => 'dropped';\n",
    );
    writeFileSync(
      join(dir, 'lib', 'entry.ts'),
      "import { mode } from './mode.ts';\ndocument.documentElement.dataset.mode = mode('dark');\n",
    );
    const code = await inlineScript('lib/entry.ts', dir);
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(code).not.toContain('dropped');
    const root = { dataset: {} as Record<string, string> };
    new Function('document', code)({ documentElement: root });
    expect(root.dataset.mode).toBe('DARK');
    expect(await inlineScript('lib/entry.ts', dir)).toBe(code);
  });

  it("builds the site's page mode from src/", async () => {
    const code = await inlineScript('lib/page-mode.ts');
    expect(code).toContain('flx_theme');
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
  });
});

describe('scriptHash', () => {
  it('is the CSP sha256 source of the exact text', () => {
    const text = 'console.log(1)';
    expect(scriptHash(text)).toBe(`sha256-${createHash('sha256').update(text).digest('base64')}`);
    expect(scriptHash(`${text} `)).not.toBe(scriptHash(text));
  });
});
