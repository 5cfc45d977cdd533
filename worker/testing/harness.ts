/** The real worker in workerd (wrangler's test harness) in front of a stub API. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestHarness } from 'wrangler';
import { BRAND_IDS } from '../../domain/brands.ts';
import { LOCALES } from '../../domain/locales.ts';
import { startStubApi, type StubApi } from './stub-api.ts';

export interface WorkerUnderTest {
  api: StubApi;
  /** Where workerd listens, for tests that need a socket of their own (keep-alive). */
  url: URL;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Pages of the fixture site: every path the worker tests open. */
const FIXTURE_PAGES = [
  '',
  'signin',
  'signup',
  'signup/foreigner',
  'find',
  'guest-auth',
  'member/find/findId',
  'callback/kakao/authorize',
  'completed/signup',
  'notices/maintenance',
  'channels/_',
  'channels/_/live',
  'clips/_',
  'vod/_',
  'my',
  '404',
  'static/broadcast-rules',
  'static/viewer-rules',
  'static/service-rules',
  'static/privacy-rules',
];

/**
 * A tiny prebuilt site in the layout of dist/ (`{brand}/{locale}/{page}/index.html`), so the
 * worker's own rules are tested without depending on a site build other work may be redoing.
 */
function writeFixtureSite(dir: string): void {
  for (const brand of BRAND_IDS) {
    for (const locale of LOCALES) {
      for (const page of FIXTURE_PAGES) {
        const d = join(dir, brand, locale, page);
        mkdirSync(d, { recursive: true });
        // Channel shells carry the share-card tags the worker fills in per channel.
        const card =
          page.startsWith('channels/_') || page === 'clips/_'
            ? '<meta name="description" content="d"><link rel="canonical" href="https://x/channels"><meta property="og:title" content="t"><meta property="og:description" content="d"><meta property="og:url" content="https://x/channels"><meta property="og:image" content="https://x/default-thumbnail.svg"><meta name="twitter:title" content="t"><meta name="twitter:description" content="d"><meta name="twitter:image" content="https://x/default-thumbnail.svg">'
            : '';
        // The live shell carries the video element the worker gives the live's source, after an
        // inline script (Astro's island runtime) as the built page has it.
        const script = '<script>self.Astro={}</script><script type="application/ld+json">{}</script>';
        const live = page === 'channels/_/live';
        // After the player, the script that fetches what the player asks for first
        // (src/islands/player/prefetch-ahead.ts).
        const prefetch = '<script data-prefetch-ahead>/* prefetch */</script>';
        const body = live
          ? `<body>${script}<div class="player-frame"><video id="live-video" muted autoplay playsinline></video></div>${prefetch}<footer>f</footer></body>`
          : '';
        // Its head starts with the page mode's script (src/lib/page-mode.ts), above the stylesheet.
        const head = live ? '<script data-page-mode>document.documentElement.dataset.theme="BLUE"</script>' : '';
        const styles = live ? '<link rel="stylesheet" href="/_astro/page.abc123.css">' : '';
        writeFileSync(
          join(d, 'index.html'),
          `<!doctype html><html lang="${locale}" data-brand="${brand}" data-page="/${page}"><head>${head}<title>${page}</title>${card}${styles}</head>${body}</html>`,
        );
      }
    }
  }
  for (const brand of BRAND_IDS) {
    writeFileSync(join(dir, brand, 'robots.txt'), `User-agent: *\n# ${brand}\n`);
    writeFileSync(join(dir, brand, 'sitemap.xml'), `<urlset data-brand="${brand}"/>`);
  }
  mkdirSync(join(dir, '_astro'), { recursive: true });
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'export {};');
  // The seeded demo lives' looping stream, as the real build copies it from public/.
  cpSync(resolve(import.meta.dirname, '../../public/demo-stream'), join(dir, 'demo-stream'), { recursive: true });
}

/** wrangler.jsonc with the fixture site as its assets: the worker, routes and flags stay the real ones. */
function writeConfig(dir: string, assetsDir: string): string {
  const root = resolve(import.meta.dirname, '../..');
  const text = readFileSync(join(root, 'wrangler.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const config = JSON.parse(text) as { main: string; assets: { directory: string }; $schema?: string };
  config.main = join(root, config.main);
  config.assets.directory = assetsDir;
  delete config.$schema;
  const path = join(dir, 'wrangler.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** `vars` may name the stub API's origin (the stub also stands in for the media origin). */
export async function startWorker(
  vars: Record<string, string> | ((api: StubApi) => Record<string, string>) = {},
): Promise<WorkerUnderTest> {
  const api = await startStubApi();
  if (typeof vars === 'function') vars = vars(api);
  const dir = mkdtempSync(join(tmpdir(), 'flx-worker-'));
  writeFixtureSite(join(dir, 'dist'));
  const server = createTestHarness({
    workers: [
      {
        configPath: writeConfig(dir, join(dir, 'dist')),
        vars: { API_ORIGIN: api.origin, SERVICE_STATUS_TTL_MS: '0', ...vars },
      },
    ],
  });
  const { url } = await server.listen();
  return {
    api,
    url,
    fetch(url, init = {}) {
      // The harness serves https URLs over http; Cloudflare tells the worker the scheme in CF-Visitor.
      const headers = new Headers(init.headers);
      if (url.startsWith('https:')) headers.set('cf-visitor', '{"scheme":"https"}');
      return server.fetch(url, { redirect: 'manual', ...init, headers } as never) as unknown as Promise<Response>;
    },
    async close() {
      await server.close();
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The Set-Cookie line for `name`, or undefined. */
export function setCookieFor(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

export const STATUS_OK = { body: JSON.stringify({ status: 'ok', data: { defenceMode: false } }) };
export const STATUS_MAINTENANCE = { body: JSON.stringify({ status: 'maintenance', data: { defenceMode: false } }) };
export const STATUS_EMERGENCY = { body: JSON.stringify({ status: 'ok', data: { defenceMode: true } }) };
