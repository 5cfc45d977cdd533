import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../testing/harness.ts';
import { channelIdOf } from './share-card.ts';

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  w.api.on('GET', '/api/channels/7/channel-page', {
    body: JSON.stringify({
      channel: { nickname: '데모BJ', title: '오늘은 노래 방송', thumbnail: '/demo-stream/thumb.jpg', locked: false },
    }),
  });
  w.api.on('GET', '/api/channels/8/channel-page', {
    body: JSON.stringify({ channel: { nickname: '성인BJ', title: null, thumbnail: null, locked: true } }),
  });
  w.api.on('GET', '/api/channels/9/channel-page', {
    body: JSON.stringify({
      channel: {
        nickname: '"><script>alert(1)</script>',
        title: '<img src=x onerror=alert(1)>',
        thumbnail: null,
        locked: false,
      },
    }),
  });
  w.api.on('GET', '/api/channels/10/channel-page', { status: 500, body: '{}' });
}, 120_000);
afterAll(() => w.close());

const meta = (html: string, attr: string) => new RegExp(`<meta ${attr} content="([^"]*)"`).exec(html)?.[1];

describe('channel share cards', () => {
  it('recognises channel and live paths only', () => {
    expect(channelIdOf('/channels/7')).toBe(7);
    expect(channelIdOf('/channels/7/live/')).toBe(7);
    expect(channelIdOf('/channels/x')).toBeNull();
    expect(channelIdOf('/vod/7')).toBeNull();
  });

  it('names the BJ and the broadcast, on the brand host, in the visitor language', async () => {
    const res = await w.fetch('https://www.flxtv.example/channels/7/live', {
      headers: { cookie: 'locale=en; flx_oauth_access=secret' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>데모BJ's channel | FLX TV</title>");
    expect(meta(html, 'property="og:title"')).toBe("데모BJ's channel");
    expect(meta(html, 'property="og:description"')).toBe('데모BJ is live: 오늘은 노래 방송');
    expect(meta(html, 'name="twitter:description"')).toBe('데모BJ is live: 오늘은 노래 방송');
    expect(meta(html, 'property="og:url"')).toBe('https://www.flxtv.example/channels/7/live');
    expect(meta(html, 'property="og:image"')).toBe('https://www.flxtv.example/demo-stream/thumb.jpg');
    // Asked as a guest: the visitor's session never reaches the card lookup.
    const call = w.api.callsTo('/api/channels/7/channel-page').at(-1)!;
    expect(call.headers.cookie ?? '').not.toContain('secret');
  });

  it("keeps an adult broadcast's title and picture out of the card", async () => {
    const html = await (await w.fetch('http://localhost/channels/8')).text();
    expect(meta(html, 'property="og:title"')).toBe('성인BJ님의 방송');
    expect(meta(html, 'property="og:description"')).toBe('성인BJ님의 방송');
    expect(meta(html, 'property="og:image"')).toBe('https://x/default-thumbnail.svg');
  });

  it('escapes what it writes', async () => {
    const html = await (await w.fetch('http://localhost/channels/9')).text();
    // Inside a quoted attribute value markup is inert as long as the quote cannot be closed early:
    // with every attribute value blanked, no tag of the payload may remain.
    const outsideAttributes = html.replace(/="[^"]*"/g, '=""');
    expect(outsideAttributes).not.toMatch(/<script|<img/i);
    expect(html).toContain('content="&quot;><script>');
    expect(html).toContain('<title>"&gt;&lt;script&gt;');
  });

  it('serves the page unchanged when the API cannot say', async () => {
    const res = await w.fetch('http://localhost/channels/10');
    expect(res.status).toBe(200);
    expect(meta(await res.text(), 'property="og:title"')).toBe('t');
  });
});
