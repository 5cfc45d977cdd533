import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, brandById } from '../../domain/brands.ts';
import { LOGO_INLINE_MAX_BYTES, logoSrc } from './brand-logo.ts';

describe('logoSrc', () => {
  it("writes every brand's logo into the page as the file's own bytes", () => {
    for (const id of BRAND_IDS) {
      const { logo } = brandById(id);
      const src = logoSrc(logo, join(import.meta.dirname, '../../public'));
      expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(src.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg[\s>]/);
    }
  });

  it('keeps the path of a logo too large to inline, or of no file here', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flx-logo-'));
    mkdirSync(join(dir, 'brands', 'big'), { recursive: true });
    writeFileSync(join(dir, 'brands', 'big', 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(LOGO_INLINE_MAX_BYTES)}</svg>`);
    expect(logoSrc('/brands/big/logo.svg', dir)).toBe('/brands/big/logo.svg');
    expect(logoSrc('/brands/none/logo.svg', dir)).toBe('/brands/none/logo.svg');
  });
});
