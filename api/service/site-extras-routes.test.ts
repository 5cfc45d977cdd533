import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channels, members } from '../db/schema/index.ts';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp();
const get = (path: string, headers: Record<string, string> = {}) => t.as(null)('GET', path, undefined, headers);

describe('guest extras', () => {
  it(
    'lists broadcast themes as an array of { key, value, text } (caster apps) with DARK or BLUE each, and refuses ' +
      'an unknown device',
    async () => {
      const { status, body } = await get('/api/guest/themes?device=MOBILEWEB');
      expect(status).toBe(200);
      const list = body as unknown as { key: string; value: string; text: string; themeId: number; theme: string }[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThan(3);
      expect(list.every((t) => t.theme === 'DARK' || t.theme === 'BLUE')).toBe(true);
      expect(list[0]).toMatchObject({ key: 'talk', value: '1', text: '토크/캠방', themeId: 1 });
      const english = (await get('/api/guest/themes', { 'accept-language': 'en' })).body as unknown as {
        text: string;
      }[];
      expect(english[0]!.text).toBe('Talk');
      expect((await get('/api/guest/themes?device=TOASTER')).status).toBe(400);
    },
  );

  it('tells the server time in every timeCheck form', async () => {
    for (const path of ['/v2/api/guest/timeCheck', '/api/guest/timeCheck/3', '/api/guest/timeCheck/9?ver=2']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      expect(Math.abs((body.epochMs as number) - Date.now())).toBeLessThan(60_000);
    }
    expect((await get('/api/guest/timeCheck/9?ver=2')).body).toMatchObject({ n: 9, ver: '2' });
    expect((await get('/api/guest/timeCheck/x')).status).toBe(400);
    expect((await get('/api/guest/timeCheck/9?ver=a;b')).status).toBe(400);
  });

  it('answers the logo list and the channeling switch of the calling brand', async () => {
    expect((await get('/api/guest/logo-list', { 'x-brand': 'coin' })).body).toEqual({
      list: [{ brand: 'coin', url: '/brands/coin/logo.svg', alt: { ko: 'FLX 코인', en: 'FLX Coin' } }],
    });
    expect((await get('/api/guest/channeling-switching', { 'x-brand': 'onion' })).body).toEqual({
      brand: 'onion',
      channeling: true,
      platform: 'WEBTOON_ONION',
    });
    expect((await get('/api/guest/channeling-switching')).body).toMatchObject({ brand: 'main', channeling: false });
  });

  it("suggests live channels, never adult ones and never the asking member's own", async () => {
    const { body } = await get('/api/guest/suggestion-list?limit=50');
    const list = body.list as { loginId: string; channelId: number }[];
    expect(list.map((l) => l.loginId)).toContain('bj0001');
    const adult = await t.database.db
      .select({ id: channels.id })
      .from(channels)
      .where(eq(channels.adultBroadcast, true));
    for (const a of adult) expect(list.map((l) => l.channelId)).not.toContain(a.id);
    const [bj] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.loginId, 'bj0001'));
    const own = (await get(`/api/guest/suggestion-list?memberId=${bj!.id}`)).body.list as { loginId: string }[];
    expect(own.map((l) => l.loginId)).not.toContain('bj0001');
    expect((await get('/api/guest/suggestion-list?limit=0')).status).toBe(400);
    expect((await get('/api/guest/suggestion-list?limit=51')).status).toBe(400);
  });
});
