import type { APIRoute } from 'astro';
import type { Brand } from '../../../domain/brands.ts';
import { brandPaths, sitemapXml } from '../../lib/seo-files.ts';

export const getStaticPaths = brandPaths;

/** Built to dist/{brand}/sitemap.xml; the worker answers it at /sitemap.xml. */
export const GET: APIRoute = ({ props }) =>
  new Response(sitemapXml((props as { brand: Brand }).brand), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
