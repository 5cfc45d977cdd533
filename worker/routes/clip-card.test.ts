/** A clip page's share card (worker/routes/share-card.ts clipCardRewriter): og:video, og:image, og:title for messengers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../testing/harness.ts';
import { clipIdOf } from './share-card.ts';

const OPEN = 'Abc_def-1234';
const LOCKED = 'Locked000001';
const NASTY = 'Nasty0000001';
const MP4 = 'https://www.flxtv.example/media/1999999999.sig/clips/5/Abc_def-1234.mp4';
const JPG = 'https://www.flxtv.example/media/1999999999.sig/clips/5/Abc_def-1234.jpg';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  const clip = (over: Record<string, unknown>) => ({
    body: JSON.stringify({
      clipId: OPEN,
      channelId: 5,
      title: '골 장면',
      durationS: 15,
      url: MP4,
      thumbUrl: JPG,
      createdAt: '2026-12-02T13:00:00.000Z',
      createdBy: { loginId: 'fan1', nickname: '팬1' },
      locked: false,
      canDelete: false,
      ...over,
    }),
  });
  w.api.on('GET', `/api/clips/${OPEN}`, clip({}));
  w.api.on('GET', `/api/clips/${LOCKED}`, clip({ title: null, url: null, thumbUrl: null, locked: true }));
  w.api.on('GET', `/api/clips/${NASTY}`, clip({ title: '"><script>alert(1)</script>', url: `${MP4}"><script>` }));
}, 120_000);
afterAll(() => w.close());

const meta = (html: string, attr: string) => new RegExp(`<meta ${attr} content="([^"]*)"`).exec(html)?.[1];

describe('clip share cards', () => {
  it('recognises clip paths only', () => {
    expect(clipIdOf(`/clips/${OPEN}`)).toBe(OPEN);
    expect(clipIdOf(`/clips/${OPEN}/`)).toBe(OPEN);
    expect(clipIdOf('/clips/short')).toBeNull();
    expect(clipIdOf(`/vod/${OPEN}`)).toBeNull();
  });

  it('gives the clip’s title, picture and video (MP4), asked as a guest, in the visitor’s language', async () => {
    const res = await w.fetch(`https://www.flxtv.example/clips/${OPEN}`, {
      headers: { cookie: 'locale=ko; flx_oauth_access=secret' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>골 장면 | ');
    expect(meta(html, 'property="og:title"')).toBe('골 장면');
    expect(meta(html, 'property="og:description"')).toBe('팬1님이 만든 15초 클립');
    expect(meta(html, 'property="og:image"')).toBe(JPG);
    expect(meta(html, 'property="og:video"')).toBe(MP4);
    expect(meta(html, 'property="og:video:secure_url"')).toBe(MP4);
    expect(meta(html, 'property="og:video:type"')).toBe('video/mp4');
    expect(meta(html, 'property="og:url"')).toBe(`https://www.flxtv.example/clips/${OPEN}`);
    const call = w.api.callsTo(`/api/clips/${OPEN}`).at(-1)!;
    expect(call.headers.cookie ?? '').not.toContain('secret');
    const en = await (await w.fetch(`http://localhost/clips/${OPEN}`, { headers: { cookie: 'locale=en' } })).text();
    expect(meta(en, 'property="og:description"')).toBe('A 15-second clip by 팬1');
  });

  it('keeps a locked clip’s title, picture and video out of the card', async () => {
    const html = await (await w.fetch(`http://localhost/clips/${LOCKED}`)).text();
    expect(meta(html, 'property="og:title"')).toBe('팬1님의 클립');
    expect(meta(html, 'property="og:image"')).toBe('https://x/default-thumbnail.svg');
    expect(meta(html, 'property="og:video"')).toBeUndefined();
  });

  it('escapes what it writes', async () => {
    const html = await (await w.fetch(`http://localhost/clips/${NASTY}`)).text();
    const outsideAttributes = html.replace(/="[^"]*"/g, '=""');
    expect(outsideAttributes).not.toMatch(/<script/i);
  });
});
