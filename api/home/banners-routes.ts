/**
 * Home banners and popups (SPEC §7 guest calls `banners`, `banners-newstyle`, `popups`), per brand.
 * The entries and their brand words are in banners.ts.
 */
import { Hono, type Context } from 'hono';
import {
  banners,
  eventBanners,
  popups,
  type Banners,
  type EventBanners,
  type Popups,
} from '../../domain/answers/home.ts';
import { DEFAULT_BRAND, brandById, isBrandId, type Brand } from '../../domain/brands.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { brandBanners, brandPopups, runningEvents } from './banners.ts';

/** The calling brand (`x-brand`; main without one), or null for an unknown id. */
function callingBrand(c: Context<ApiEnv>): Brand | null {
  const id = c.req.header('x-brand');
  if (id === undefined) return DEFAULT_BRAND;
  return isBrandId(id) ? brandById(id) : null;
}

function bannerList(c: Context<ApiEnv>) {
  const brand = callingBrand(c);
  if (!brand) return c.json({ list: [] } satisfies Banners);
  c.header('cache-control', 'public, max-age=60');
  return c.json({ list: brandBanners(brand) } satisfies Banners);
}

const BANNER_ANSWER = {
  description: '{ list: [{ bannerId, title: { ko, en }, body: { ko, en }, link, colors }] }',
  schema: banners,
};

export const homeBanners = new Hono<ApiEnv>()
  .get(
    '/banners',
    doc({ tag: 'guest', summary: 'The home page banners of the calling brand', responses: { 200: BANNER_ANSWER } }),
    bannerList,
  )
  .get(
    '/banners-newstyle',
    doc({
      tag: 'guest',
      summary: 'The home page banners of the calling brand (the new layout reads the same list)',
      responses: { 200: BANNER_ANSWER },
    }),
    bannerList,
  )
  .get(
    '/popups',
    doc({
      tag: 'guest',
      summary: 'The home page popups of the calling brand (the site shows one at a time)',
      responses: {
        200: { description: '{ list: [{ popupId, title: { ko, en }, body: { ko, en }, link }] }', schema: popups },
      },
    }),
    (c) => {
      c.header('cache-control', 'public, max-age=60');
      return c.json({ list: brandPopups(callingBrand(c)) } satisfies Popups);
    },
  )
  .get(
    '/events',
    doc({
      tag: 'guest',
      summary: 'The running events of the EVENT page',
      responses: {
        200: {
          description: '{ list: [{ eventId, title: { ko, en }, body: { ko, en }, link, colors, startsAt, endsAt }] }',
          schema: eventBanners,
        },
      },
    }),
    (c) => {
      const running = runningEvents(callingBrand(c), Date.now());
      c.header('cache-control', 'public, max-age=60');
      return c.json({ list: running } satisfies EventBanners);
    },
  );
