import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandById } from '../domain/brands.ts';
import { mediaSettings } from '../media/settings.ts';
import { brandOrigin, ConfigError, loadConfig, settingProblems } from './config.ts';

describe('the site origin of absolute URLs', () => {
  it(
    'is http://localhost:8787 (the npm start site) unless SITE_ORIGIN says otherwise, other brands on ' +
      '{brand}.localhost',
    () => {
      const local = loadConfig({ PLATFORM_ENV: 'test' });
      expect(brandOrigin(local, brandById('main'))).toBe('http://localhost:8787');
      expect(brandOrigin(local, brandById('onion'))).toBe('http://onion.localhost:8787');
      const e2e = loadConfig({ PLATFORM_ENV: 'development', SITE_ORIGIN: 'http://localhost:8841/' });
      expect(brandOrigin(e2e, brandById('main'))).toBe('http://localhost:8841');
      expect(brandOrigin(e2e, brandById('coin'))).toBe('http://coin.localhost:8841');
    },
  );

  it("is each brand's serviceUrl in production, whatever SITE_ORIGIN says", () => {
    const production = loadConfig({
      PLATFORM_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SITE_ORIGIN: 'http://localhost:9999',
    });
    expect(brandOrigin(production, brandById('main'))).toBe(new URL(brandById('main').serviceUrl).origin);
    expect(brandOrigin(production, brandById('realtoon'))).toBe('https://live.realtoon.example');
  });

  it('refuses a SITE_ORIGIN that is not a bare http(s) origin', () => {
    for (const bad of [
      'localhost:8787',
      'ftp://localhost',
      'http://localhost:8787/site',
      'http://localhost/?x=1',
      'http://user@localhost',
      'not a url',
    ])
      expect(() => loadConfig({ PLATFORM_ENV: 'test', SITE_ORIGIN: bad }), bad).toThrow(ConfigError);
  });
});

describe('a start with settings missing', () => {
  it('names every missing or invalid setting at once, not the first only', () => {
    const env = { PLATFORM_ENV: 'production', API_PORT: 'eighty', SITE_ORIGIN: 'localhost', PAYMENT_GATEWAY: 'cash' };
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = settingProblems(caught);
    expect(problems).toHaveLength(4);
    for (const name of ['API_PORT', 'JWT_SECRET', 'SITE_ORIGIN', 'PAYMENT_GATEWAY'])
      expect(
        problems!.some((p) => p.startsWith(name)),
        name,
      ).toBe(true);
  });

  it('reads the media settings the same way: both secrets in one error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-media-'));
    let caught: unknown;
    try {
      mediaSettings({ PLATFORM_ENV: 'production', MEDIA_DIR: dir, RTMP_PORT: '0' });
    } catch (err) {
      caught = err;
    }
    expect(settingProblems(caught)?.map((p) => p.split(' ')[0])).toEqual([
      'RTMP_PORT',
      'MEDIA_SECRET',
      'MEDIA_TOKEN_SECRET',
    ]);
  });

  it('leaves an error that is not about a setting to be thrown as it is', () => {
    expect(settingProblems(new TypeError('x is undefined'))).toBeNull();
  });
});
