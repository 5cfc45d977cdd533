import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { isPolicyPath } from '../paths.ts';
import { inlineScriptsAsModules, liveSource, livePageChannel, withLiveSource } from './live-source.ts';
import { streamHints } from './stream-hints.ts';
import { channelCard, channelIdOf, clipCard, clipCardRewriter, clipIdOf, shareCardRewriter } from './share-card.ts';

/**
 * Serves the prebuilt page of the request's brand and locale at the visible URL:
 * `/x/` → `/{brand}/{locale}/x/index.html`. Unknown pages get that brand's 404 page.
 */
export const assets = new Hono<AppEnv>();

const PAGE_PATH = /^\/(?:[a-z0-9][a-z0-9._~-]*\/)*(?:[a-z0-9][a-z0-9._~-]*)?$/i;

/** Per-brand files at the site root (docs/ARCHITECTURE.md "built files the worker serves"). */
const BRAND_FILES: Record<string, string> = {
  '/robots.txt': 'text/plain; charset=utf-8',
  '/sitemap.xml': 'application/xml; charset=utf-8',
};

assets.get('*', async (c) => {
  const { pathname } = new URL(c.req.url);
  const brandFileType = BRAND_FILES[pathname];
  if (brandFileType) {
    const res = await fetchAsset(c.env.ASSETS, c.req.url, `/${c.get('brand').id}${pathname}`);
    if (res.ok) {
      const out = new Response(res.body, res);
      out.headers.set('content-type', brandFileType);
      out.headers.set('cache-control', POLICY_CACHE);
      return out;
    }
  }
  const prefix = `/${c.get('brand').id}/${c.get('locale')}`;
  const page = pagePath(pathname);
  if (page) {
    // A channel page's card and a live page's source are asked beside the page file, not after it.
    const channelId = channelIdOf(pathname);
    const card = channelId === null ? null : channelCard(c, channelId);
    const clipId = clipIdOf(pathname);
    const clip = clipId === null ? null : clipCard(c, clipId);
    const liveId = c.req.method === 'GET' ? livePageChannel(pathname) : null;
    const source = liveId === null ? null : liveSource(c, liveId);
    const res = await fetchAsset(c.env.ASSETS, c.req.url, `${prefix}${page}`);
    if (res.ok) {
      const page = html(res, 200, isPolicyPath(pathname) ? POLICY_CACHE : PAGE_CACHE);
      const filled = await card;
      const clipFilled = await clip;
      const rewriter = filled
        ? shareCardRewriter(filled, c.get('brand'), c.get('locale'), pathname)
        : clipFilled
          ? clipCardRewriter(clipFilled, c.get('brand'), c.get('locale'), pathname)
          : null;
      if (!source) return rewriter ? rewriter.transform(page) : page;
      // The visitor's own source is in it: this page is no file's copy any more.
      page.headers.delete('etag');
      return withLiveSource(inlineScriptsAsModules(rewriter ?? new HTMLRewriter()).transform(page), source, (s) =>
        streamHints(c, s),
      );
    }
  }
  const notFound = await fetchAsset(c.env.ASSETS, c.req.url, `${prefix}/404/index.html`);
  return html(notFound, 404, PAGE_CACHE);
});

/**
 * One prebuilt shell answers every channel or recording id; the page reads the id from the address
 * (docs/ARCHITECTURE.md).
 */
const SHELL_PAGES: [RegExp, string][] = [
  [/^\/channels\/\d{1,10}\/?$/, '/channels/_/index.html'],
  [/^\/channels\/\d{1,10}\/live\/?$/, '/channels/_/live/index.html'],
  [/^\/vod\/\d{1,10}\/?$/, '/vod/_/index.html'],
  [/^\/clips\/[\w-]{12}\/?$/, '/clips/_/index.html'],
  [/^\/popup\/chat\/\d{1,10}\/?$/, '/popup/chat/_/index.html'],
];

/** Maps a visible path to the built file, or null when it cannot be a page of ours. */
export function pagePath(pathname: string): string | null {
  const shell = SHELL_PAGES.find(([visible]) => visible.test(pathname));
  if (shell) return shell[1];
  if (pathname.length > 512 || !PAGE_PATH.test(pathname) || pathname.includes('..')) return null;
  const dir = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return `${dir}index.html`;
}

function fetchAsset(assetsBinding: Fetcher, requestUrl: string, path: string): Promise<Response> {
  return assetsBinding.fetch(new URL(path, requestUrl));
}

/** Pages vary by the locale cookie and the Host: never let a shared cache mix them up. */
const PAGE_CACHE = 'private, no-cache';
/**
 * Policy texts change rarely and carry no visitor state (the worker sets no cookie on them):
 * a CDN may keep them an hour and serve a stale copy for a day while it revalidates (RFC 5861).
 */
const POLICY_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';

function html(res: Response, status: number, cacheControl: string): Response {
  const out = new Response(res.body, { status, headers: res.headers });
  out.headers.set('content-type', 'text/html; charset=utf-8');
  out.headers.set('cache-control', cacheControl);
  out.headers.set('vary', 'Cookie');
  return out;
}
