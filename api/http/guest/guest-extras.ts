/**
 * The remaining guest calls of SPEC §7 "Guest", and the partner (ASP) token exchange of §7 "Auth".
 * The spec shows their paths and parameters but not their answers; what each answers is ours to
 * choose and is written in docs/API.md ("Guest extras").
 */
import { Hono } from 'hono';
import { and, asc, eq, ne } from 'drizzle-orm';
import * as v from 'valibot';
import { brandById, isBrandId, DEFAULT_BRAND } from '../../../domain/brands.ts';
import { DeviceKind, RequestDevice, Theme } from '../../../domain/enums.ts';
import type { ApiEnv } from '../../app-env.ts';
import { startSession } from '../../auth/start-session.ts';
import { channels, members } from '../../db/schema/index.ts';
import { badInput, parseBody, validate } from '../account/auth-input.ts';

const brandOf = (header: string | undefined) => (header && isBrandId(header) ? brandById(header) : DEFAULT_BRAND);

/** Broadcast themes (categories) for the THEME page; each carries the colour theme it is shown in. */
export const BROADCAST_THEMES = [
  { themeId: 1, code: 'talk', name: { ko: '토크/캠방', en: 'Talk' }, theme: Theme.DARK },
  { themeId: 2, code: 'game', name: { ko: '게임', en: 'Games' }, theme: Theme.DARK },
  { themeId: 3, code: 'music', name: { ko: '음악', en: 'Music' }, theme: Theme.BLUE },
  { themeId: 4, code: 'art', name: { ko: '그림/웹툰', en: 'Art and webtoons' }, theme: Theme.BLUE },
  { themeId: 5, code: 'sports', name: { ko: '스포츠', en: 'Sports' }, theme: Theme.DARK },
  { themeId: 6, code: 'study', name: { ko: '공부/교육', en: 'Study' }, theme: Theme.BLUE },
] as const;

const DEVICES = [...Object.values(DeviceKind), ...Object.values(RequestDevice)] as string[];
const themesQuery = v.object({ device: v.optional(v.picklist(DEVICES, 'device must be PC, MOBILE_WEB, APP, UNKNOWN, MOBILEWEB or PCWEB.')) });

export const guestExtras = new Hono<ApiEnv>();

guestExtras.get('/themes', (c) => {
  const q = validate(themesQuery, { device: c.req.query('device') });
  if (!q.ok) return badInput(c, q);
  c.header('cache-control', 'public, max-age=300');
  return c.json({ list: BROADCAST_THEMES });
});

/** The server clock, so clients time events and countdowns against it rather than the phone's. */
function timeCheck(n: number | null, ver: string | undefined) {
  const now = new Date();
  return { serverTime: now.toISOString(), epochMs: now.getTime(), ...(n === null ? {} : { n }), ...(ver ? { ver } : {}) };
}
guestExtras.get('/timeCheck', (c) => c.json(timeCheck(null, undefined)));
guestExtras.get('/timeCheck/:n', (c) => {
  const n = Number(c.req.param('n'));
  const ver = c.req.query('ver');
  if (!Number.isInteger(n) || n < 0 || n > 999) return c.json({ error: 'validation_failed', error_msg: 'n must be a whole number from 0 to 999.' }, 400);
  if (ver !== undefined && !/^\d{1,3}$/.test(ver)) return c.json({ error: 'validation_failed', error_msg: 'ver must be a number.' }, 400);
  return c.json(timeCheck(n, ver));
});

/** The logos of the calling brand (the header can rotate seasonal ones; we ship one each). */
guestExtras.get('/logo-list', (c) => {
  const brand = brandOf(c.req.header('x-brand'));
  return c.json({ list: [{ brand: brand.id, url: brand.logo, alt: brand.serviceName }] });
});

/** Whether the brand runs as a partner channeling service (its sign-up then takes asp_code + userkey). */
guestExtras.get('/channeling-switching', (c) => {
  const brand = brandOf(c.req.header('x-brand'));
  return c.json({ brand: brand.id, channeling: brand.platform !== null, platform: brand.platform });
});

const suggestionQuery = v.object({
  memberId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'memberId must be a number.'), v.transform(Number))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'limit must be 1 to 50.'),
      v.transform(Number),
      v.minValue(1, 'limit must be 1 to 50.'),
      v.maxValue(50, 'limit must be 1 to 50.'),
    ),
    '10',
  ),
});

/** Live channels to suggest, never adult ones (a guest list cannot know who is verified). */
guestExtras.get('/suggestion-list', async (c) => {
  const q = validate(suggestionQuery, { memberId: c.req.query('memberId'), limit: c.req.query('limit') });
  if (!q.ok) return badInput(c, q);
  const db = c.get('deps').database.db;
  const conditions = [eq(channels.broadcasting, true), eq(channels.adultBroadcast, false), eq(channels.adultPlusBroadcast, false)];
  if (q.data.memberId !== undefined) conditions.push(ne(channels.ownerId, q.data.memberId));
  const rows = await db
    .select({ channelId: channels.id, title: channels.title, loginId: members.loginId, nickname: members.nickname })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(and(...conditions))
    .orderBy(asc(channels.id))
    .limit(q.data.limit);
  return c.json({ list: rows });
});

const aspSchema = v.object({
  aspCode: v.pipe(v.string('aspCode is required.'), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,32}$/, 'aspCode is not valid.')),
  userkey: v.pipe(v.string('userkey is required.'), v.trim(), v.regex(/^[A-Za-z0-9_.@-]{1,128}$/, 'userkey is not valid.')),
  device: v.optional(v.picklist(Object.values(RequestDevice), 'device must be MOBILEWEB or PCWEB.')),
});

/**
 * `POST /v4/api/asp/accesstoken` {aspCode, userkey}: a partner (ASP) member who signed up through the
 * partner path (asp_code + userkey) gets a session, as sign-in gives one (cookies only, no token in
 * the body). An unknown pair answers 401 without saying which part was wrong.
 */
export const aspAccessToken = new Hono<ApiEnv>();
aspAccessToken.post('/', async (c) => {
  const parsed = await parseBody(c, aspSchema);
  if (!parsed.ok) return badInput(c, parsed);
  const { config, database } = c.get('deps');
  const [member] = await database.db
    .select({ id: members.id, blocked: members.blocked })
    .from(members)
    .where(and(eq(members.aspCode, parsed.data.aspCode), eq(members.aspUserkey, parsed.data.userkey)));
  if (!member) return c.json({ error: 'unknown_partner_member', error_msg: 'No partner member matches.' }, 401);
  if (member.blocked) return c.json({ error: 'blocked', error_msg: '차단된 계정입니다.' }, 423);
  await startSession(c, database.db, config.jwtSecret, member.id, false, parsed.data.device ?? null);
  return c.json({ ok: true });
});
