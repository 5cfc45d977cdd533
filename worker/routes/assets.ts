import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/**
 * Serves the prebuilt page of the request's brand and locale at the visible URL:
 * `/x/` → `/{brand}/{locale}/x/index.html`. Unknown pages get that brand's 404 page.
 */
export const assets = new Hono<AppEnv>();

const PAGE_PATH = /^\/(?:[a-z0-9][a-z0-9._~-]*\/)*(?:[a-z0-9][a-z0-9._~-]*)?$/i;

assets.get('*', async (c) => {
  const { pathname } = new URL(c.req.url);
  const prefix = `/${c.get('brand').id}/${c.get('locale')}`;
  const page = pagePath(pathname);
  if (page) {
    const res = await fetchAsset(c.env.ASSETS, c.req.url, `${prefix}${page}`);
    if (res.ok) return html(res, 200);
  }
  const notFound = await fetchAsset(c.env.ASSETS, c.req.url, `${prefix}/404/index.html`);
  return html(notFound, 404);
});

/** Maps a visible path to the built file, or null when it cannot be a page of ours. */
export function pagePath(pathname: string): string | null {
  if (pathname.length > 512 || !PAGE_PATH.test(pathname) || pathname.includes('..')) return null;
  const dir = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return `${dir}index.html`;
}

function fetchAsset(assetsBinding: Fetcher, requestUrl: string, path: string): Promise<Response> {
  return assetsBinding.fetch(new URL(path, requestUrl));
}

function html(res: Response, status: number): Response {
  const out = new Response(res.body, { status, headers: res.headers });
  out.headers.set('content-type', 'text/html; charset=utf-8');
  // Pages vary by the locale cookie and the Host: never let a shared cache mix them up.
  out.headers.set('cache-control', 'private, no-cache');
  out.headers.set('vary', 'Cookie');
  return out;
}
