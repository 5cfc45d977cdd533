/** Brand and cookie domain by Host, through app.request() (pure: no I/O on this path). */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env.ts';
import { brand } from './index.ts';

const app = new Hono<AppEnv>()
  .use('*', brand())
  .get('*', (c) => c.json({ id: c.get('brand').id, domain: c.get('cookieDomain'), https: c.get('https') }));
const ask = async (url: string, headers: Record<string, string> = {}) => (await app.request(url, { headers })).json();

describe('brand', () => {
  it.each([
    ['https://www.flxtv.example/', { id: 'main', domain: '.flxtv.example', https: true }],
    ['https://m.flxtv.example/', { id: 'main', domain: '.flxtv.example', https: true }],
    ['https://live.onion.example/', { id: 'onion', domain: '.onion.example', https: true }],
    ['http://coin.localhost:8820/', { id: 'coin', domain: null, https: false }],
    ['http://localhost/', { id: 'main', domain: null, https: false }],
    ['http://evil.example/', { id: 'main', domain: null, https: false }],
    ['http://flxtv.example.evil.example/', { id: 'main', domain: null, https: false }],
  ])('%s', async (url, expected) => expect(await ask(url)).toEqual(expected));

  it('takes the Host header when there is one, and never reflects an unknown one', async () => {
    expect(await ask('http://localhost/', { host: 'www.flxcoin.example' })).toMatchObject({
      id: 'coin',
      domain: '.flxcoin.example',
    });
    expect(await ask('http://localhost/', { host: 'evil.example;domain=.flxtv.example' })).toMatchObject({
      id: 'main',
      domain: null,
    });
  });

  it('reads the visitor scheme from CF-Visitor when the runtime rewrote the URL to http', async () => {
    expect(await ask('http://www.flxtv.example/', { 'cf-visitor': '{"scheme":"https"}' })).toMatchObject({
      https: true,
    });
  });
});
