import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, brandById } from '../../domain/brands.ts';
import { LOGO_INLINE_MAX_BYTES, logoMarkup } from './brand-logo.ts';

const PUBLIC = join(import.meta.dirname, '../../public');

function publicDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'flx-logo-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('logoMarkup (the header)', () => {
  it("writes every brand's logo as <svg> markup named by the label, the file's own title and role replaced", () => {
    for (const id of BRAND_IDS) {
      const svg = logoMarkup(brandById(id).logo, 'FLX TV 로고', PUBLIC)!;
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="160" height="40" viewBox="0 0 160 40" role="img" aria-label="FLX TV 로고" focusable="false">/,
      );
      expect(svg).toMatch(/<\/svg>$/);
      expect(svg).not.toContain('<title>');
      expect(svg.match(/\srole=/g)).toHaveLength(1);
    }
  });

  it('escapes the label', () => {
    expect(logoMarkup(brandById('main').logo, 'A "B" & <C>', PUBLIC)).toContain(
      'aria-label="A &quot;B&quot; &amp; &lt;C>"',
    );
  });

  it('leaves out a file that is large, missing, not SVG, or holds more than drawing', () => {
    const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">${inner}</svg>`;
    const dir = publicDirWith({
      'big.svg': svg(' '.repeat(LOGO_INLINE_MAX_BYTES)),
      'script.svg': svg('<script>alert(1)</script>'),
      'handler.svg': svg('<rect onclick="alert(1)"/>'),
      'foreign.svg': svg('<foreignObject><p>x</p></foreignObject>'),
      'link.svg': svg('<a href="https://example.com"><rect/></a>'),
      'image.svg': svg('<image xlink:href="https://example.com/x.png"/>'),
      'logo.png': 'not an svg',
    });
    for (const file of [
      '/big.svg',
      '/script.svg',
      '/handler.svg',
      '/foreign.svg',
      '/link.svg',
      '/image.svg',
      '/logo.png',
      '/none.svg',
    ])
      expect(logoMarkup(file, 'logo', dir), file).toBeNull();
    const ok = publicDirWith({
      'gradient.svg': svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/>'),
    });
    expect(logoMarkup('/gradient.svg', 'logo', ok)).toContain('<use href="#g"/>');
  });
});
