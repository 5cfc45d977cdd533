/**
 * The remaining guest calls of SPEC §7 "Guest". The spec shows their paths and parameters but not
 * their answers; what each answers is ours to choose, and each route's doc() says it.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { DEFAULT_BRAND } from '../../domain/brands.ts';
import { BROADCAST_THEMES, DeviceKind, RequestDevice } from '../../domain/enums.ts';
import { themeEntries, type ThemeEntry } from '../../domain/answers/home.ts';
import { suggestedChannels as suggestedChannelsAnswer, type SuggestedChannels } from '../../domain/answers/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { requestBrand } from '../http/errors.ts';
import { callerLocale } from '../http/locale.ts';
import { doc } from '../http/openapi.ts';
import { idText, params, query } from '../http/request.ts';
import { suggestedChannels } from './suggestions.ts';

const DEVICES = [...Object.values(DeviceKind), ...Object.values(RequestDevice)];
export const themesQuery = v.object({ device: v.optional(v.picklist(DEVICES)) });

const threeDigits = v.pipe(v.string(), v.regex(/^\d{1,3}$/));
export const timeCheckParams = v.object({ n: v.pipe(threeDigits, v.transform(Number)) });
export const timeCheckQuery = v.object({ ver: v.optional(threeDigits) });

export const suggestionQuery = v.object({
  memberId: v.optional(idText),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.minValue(1), v.maxValue(50)), '10'),
});

/** The server clock, so clients time events and countdowns against it rather than the phone's. */
function timeCheck(n: number | null, ver: string | undefined) {
  const now = new Date();
  return {
    serverTime: now.toISOString(),
    epochMs: now.getTime(),
    ...(n === null ? {} : { n }),
    ...(ver ? { ver } : {}),
  };
}

const TIME_ANSWER = '{ serverTime, epochMs, n?, ver? }: the server clock, so countdowns use it rather than the phone’s';

/** Mounted at `/api/guest` and `/v2/api/guest`. */
export const guestExtras = new Hono<ApiEnv>()
  .get(
    '/themes',
    doc({
      tag: 'guest',
      summary: 'The broadcast themes (categories) of the THEME page, each with its colour theme',
      description:
        "An array, as caster apps read it: `key` (the theme's code), `value` (its themeId as text, what `theme` " +
        'takes in `PUT /api/m/channel/config` and `POST /api/my/channel/start-stream`) and `text` (its name in the ' +
        "caller's language), beside `themeId`, `code`, `name: { ko, en }` and `theme`.",
      responses: {
        200: {
          description: "[{ key, value, text, themeId, code, name: { ko, en }, theme: 'DARK' | 'BLUE' }]",
          schema: themeEntries,
        },
      },
    }),
    query(themesQuery),
    (c) => {
      const lang = callerLocale(c) === 'ko' ? 'ko' : 'en';
      c.header('cache-control', 'public, max-age=300');
      c.header('vary', 'Accept-Language, Cookie');
      return c.json(
        BROADCAST_THEMES.map(
          (t) => ({ key: t.code, value: String(t.themeId), text: t.name[lang], ...t }) satisfies ThemeEntry,
        ),
      );
    },
  )
  .get('/timeCheck', doc({ tag: 'guest', summary: 'The server time', responses: { 200: TIME_ANSWER } }), (c) =>
    c.json(timeCheck(null, undefined)),
  )
  .get(
    '/timeCheck/:n',
    doc({ tag: 'guest', summary: 'The server time, echoing n (0-999) and ver', responses: { 200: TIME_ANSWER } }),
    params(timeCheckParams, { invalid: 'validation_failed' }),
    query(timeCheckQuery),
    (c) => c.json(timeCheck(c.req.valid('param').n, c.req.valid('query').ver)),
  )
  .get(
    '/logo-list',
    doc({
      tag: 'guest',
      summary: 'The logos of the calling brand (x-brand from the worker)',
      responses: { 200: '{ list: [{ brand, url, alt: { ko, en } }] }' },
    }),
    (c) => {
      const brand = requestBrand(c) ?? DEFAULT_BRAND;
      return c.json({ list: [{ brand: brand.id, url: brand.logo, alt: brand.serviceName }] });
    },
  )
  .get(
    '/channeling-switching',
    doc({
      tag: 'guest',
      summary: 'Whether the calling brand is a partner channeling service (its sign-up then takes aspCode + userkey)',
      responses: { 200: '{ brand, channeling, platform }' },
    }),
    (c) => {
      const brand = requestBrand(c) ?? DEFAULT_BRAND;
      return c.json({ brand: brand.id, channeling: brand.platform !== null, platform: brand.platform });
    },
  )
  .get(
    '/suggestion-list',
    doc({
      tag: 'guest',
      summary:
        'Live channels to suggest: never adult ones (a guest list cannot know who is verified), never memberId’s own',
      responses: {
        200: {
          description: '{ list: [{ channelId, title, loginId, nickname }] } (limit 1-50, default 10)',
          schema: suggestedChannelsAnswer,
        },
      },
    }),
    query(suggestionQuery),
    async (c) => {
      const { memberId, limit } = c.req.valid('query');
      const list = await suggestedChannels(c.get('deps').database.db, memberId, limit);
      return c.json({ list } satisfies SuggestedChannels);
    },
  );
