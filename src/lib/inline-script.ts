/**
 * Scripts written into the page itself (build time only): a TypeScript entry of src/ bundled with
 * everything it imports into one self-contained script (the site's own bundler, Rolldown), so that
 * what must run before the first paint needs no request and shares its code, not a copy of it, with
 * the modules the rest of the site loads. The page's CSP allows it by its hash (`scriptHash`).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const SRC = join(process.cwd(), 'src');
const built = new Map<string, Promise<string>>();

/** `entry`: a path under src/ (`lib/page-mode.ts`). Built once per process. */
export function inlineScript(entry: string, srcDir = SRC): Promise<string> {
  const input = join(srcDir, entry);
  let code = built.get(input);
  if (!code) {
    code = (async () => {
      const bundle = await rolldown({ input, platform: 'browser', logLevel: 'silent' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        return output[0].code.trim();
      } finally {
        await bundle.close();
      }
    })();
    built.set(input, code);
  }
  return code;
}

/**
 * The CSP source of an inline script's or style's text (`sha256-…`; scripts/page-stylesheet.ts uses it for the live
 * page's sheet).
 */
export function scriptHash(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}
