/**
 * The browser of the tests, benchmarks and Lighthouse, never a downloaded build: CHROME_PATH, or
 * Debian's chromium. Either way Debian's fonts-noto-cjk is installed too: every Korean phone has
 * Korean fonts, and without them Hangul renders as boxes of other sizes, so layout figures (CLS)
 * and screenshots would be those of no Korean visitor.
 */
import { existsSync } from 'node:fs';
import { ensureDebianPackages, fileFrom, type DebianPackage } from './debian-packages.ts';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const KOREAN_FONTS: DebianPackage = fileFrom(
  'fonts-noto-cjk',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
);

/** The Chromium to launch (its path), with the Korean fonts in place. */
export function ensureChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && !existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist`);
  ensureDebianPackages([...(fromEnv ? [] : [fileFrom('chromium', DEBIAN_CHROMIUM)]), KOREAN_FONTS], {
    label: 'browser',
  });
  return fromEnv ?? DEBIAN_CHROMIUM;
}

if (import.meta.main) console.log(ensureChromium());
