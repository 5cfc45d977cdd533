/**
 * The live page's stylesheets written into its head: the build's `<link rel="stylesheet">`s of the
 * page, in document order, become one `<style>` where the first link was, the others gone, and that
 * text's hash joins the `style-src` of the page's CSP (Astro's `<meta http-equiv>`), so the exact
 * text, and nothing else, is allowed inline. A linked sheet was a request of its own on the live
 * page's critical path: the browser renders nothing and runs no deferred script before it has it,
 * and that render then landed between the video's playlist requests (docs/BENCHMARKS.md, "The live
 * page's stylesheet in its head"). The page is ~23 KiB larger (the sheet was shared with no other page
 * anyway: it was the live page's own join of its sheets). Used after the build on the live page of
 * every brand and locale (scripts/live-page.ts).
 */
import { scriptHash } from '../src/lib/inline-script.ts';

const LINK = /<link rel="?stylesheet"? href="?(\/_astro\/[\w.-]+\.css)"?>/g;
const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
/** The `style-src` directive of a policy (not `style-src-attr` or `style-src-elem`). */
const STYLE_SRC = /(^|;)(\s*style-src)(?![\w-])([^;]*)/;

/**
 * The page's HTML with its stylesheets inline as above, or null when it links none. Throws when the
 * sheets' text could end the `<style>` element early, or when the page has a CSP that names no
 * `style-src` to add the hash to, or a `style-src-elem` (the build would otherwise ship a page whose
 * styles its own policy refuses).
 */
export function inlineStylesheets(html: string, read: (href: string) => string): string | null {
  const hrefs = [...html.matchAll(LINK)].map((m) => m[1]!);
  if (hrefs.length === 0) return null;
  const css = hrefs.map(read).join('\n');
  if (/<\/style/i.test(css)) throw new Error(`a stylesheet of the page (${hrefs.join(', ')}) contains "</style"`);
  let first = true;
  const inlined = html.replace(LINK, () => {
    if (!first) return '';
    first = false;
    return `<style>${css}</style>`;
  });
  const meta = CSP_META.exec(inlined);
  if (!meta) return inlined;
  const policy = meta[2]!;
  if (!STYLE_SRC.test(policy)) throw new Error("the page's CSP has no style-src for its inline stylesheet's hash");
  // Where a policy has style-src-elem, that directive, not style-src, decides on <style> elements.
  if (/(^|;)\s*style-src-elem(?![\w-])/.test(policy))
    throw new Error("the page's CSP has a style-src-elem: the inline stylesheet's hash belongs there");
  const withHash = policy.replace(
    STYLE_SRC,
    (_, sep: string, name: string, sources: string) => `${sep}${name}${sources.trimEnd()} '${scriptHash(css)}'`,
  );
  return inlined.replace(CSP_META, (_, open: string, __: string, close: string) => `${open}${withHash}${close}`);
}
