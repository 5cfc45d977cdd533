import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, brandById } from '../../domain/brands.ts';
import { ICON_SIZE, iconHref } from './brand-icon.ts';

const PUBLIC = join(import.meta.dirname, '../../public');

/** The icon's pixels, RGBA, as a browser would decode them. */
async function pixels(href: string) {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(href);
  expect(m, href.slice(0, 40)).not.toBeNull();
  const png = Buffer.from(m![1]!, 'base64');
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    png,
    info,
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)],
  };
}

const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

describe('iconHref (the tab icon)', () => {
  it("draws every brand's mark as a small 32 × 32 PNG: the brand's colour, the white play sign, round corners", async () => {
    for (const id of BRAND_IDS) {
      const brand = brandById(id);
      const color = /<rect[^>]*fill="(#[0-9a-f]{6})"/.exec(readFileSync(join(PUBLIC, brand.icon), 'utf8'))![1]!;
      const { png, info, at } = await pixels(await iconHref(brand.icon, PUBLIC));
      expect([info.width, info.height]).toEqual([ICON_SIZE, ICON_SIZE]);
      expect(png.length).toBeLessThan(1024);
      expect(at(0, 0)[3]).toBe(0); // outside the rounded corner
      expect(at(4, 16)).toEqual([...hex(color), 255]); // the mark's colour, left of the play sign
      expect(at(16, 16)).toEqual([255, 255, 255, 255]); // inside the play sign
    }
  });

  it('fails for a brand whose mark is missing, rather than writing a page without its icon', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flx-icon-'));
    await expect(iconHref('/brands/none/icon.svg', dir)).rejects.toThrow(/ENOENT/);
  });

  it('draws a mark of another size at the icon size, not cropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flx-icon-'));
    writeFileSync(
      join(dir, 'big.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" ' +
        'height="400" fill="#00ff00"/><rect x="380" y="380" width="20" height="20" fill="#0000ff"/></svg>',
    );
    const { info, at } = await pixels(await iconHref('/big.svg', dir));
    expect([info.width, info.height]).toEqual([ICON_SIZE, ICON_SIZE]);
    expect(at(1, 1)).toEqual([0, 255, 0, 255]);
    expect(at(ICON_SIZE - 1, ICON_SIZE - 1)).toEqual([0, 0, 255, 255]); // the far corner is still in
  });
});
