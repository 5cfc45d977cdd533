/** Locale from ?locale= or the cookie (SPEC §5 "Locale", §9), through app.request(). */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env.ts';
import { brand } from '../brand/index.ts';
import { locale } from './index.ts';

const app = new Hono<AppEnv>()
  .use('*', brand())
  .use('*', locale())
  .get('*', (c) => c.text(c.get('locale')));

describe('locale', () => {
  it('defaults to ko', async () => expect(await (await app.request('http://localhost/')).text()).toBe('ko'));

  it('sets the cookie for a year on the brand domain from ?locale=', async () => {
    const res = await app.request('https://www.flxtv.example/?locale=en');
    expect(await res.text()).toBe('en');
    expect(res.headers.get('set-cookie')).toBe(
      'locale=en; Max-Age=31536000; Domain=.flxtv.example; Path=/; Secure; SameSite=Lax',
    );
  });

  it.each(['ja', 'zh', 'EN', '', 'en;x=1', 'ko\r\nSet-Cookie: a=1'])(
    'refuses ?locale=%j with 400 and no cookie',
    async (v) => {
      const res = await app.request(`http://localhost/?locale=${encodeURIComponent(v)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('set-cookie')).toBeNull();
    },
  );

  it.each([
    ['unsupported', 'locale=ja'],
    ['sent twice', 'locale=en; locale=ko'],
    ['oversize', `locale=${'e'.repeat(5000)}`],
  ])('treats a cookie that is %s as absent', async (_, cookie) => {
    expect(await (await app.request('http://localhost/', { headers: { cookie } })).text()).toBe('ko');
  });
});
