import type { APIRoute } from 'astro';
import type { Brand } from '../../../domain/brands.ts';
import { brandPaths, robotsTxt } from '../../lib/seo-files.ts';

export const getStaticPaths = brandPaths;

/** Built to dist/{brand}/robots.txt; the worker answers it at /robots.txt. */
export const GET: APIRoute = ({ props }) =>
  new Response(robotsTxt((props as { brand: Brand }).brand), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
