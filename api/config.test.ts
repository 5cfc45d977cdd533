import { describe, expect, it } from 'vitest';
import { brandById } from '../domain/brands.ts';
import { brandOrigin, ConfigError, loadConfig } from './config.ts';

describe('the site origin of absolute URLs', () => {
  it('is http://localhost:8787 (the npm start site) unless SITE_ORIGIN says otherwise, other brands on {brand}.localhost', () => {
    const local = loadConfig({ PLATFORM_ENV: 'test' });
    expect(brandOrigin(local, brandById('main'))).toBe('http://localhost:8787');
    expect(brandOrigin(local, brandById('onion'))).toBe('http://onion.localhost:8787');
    const e2e = loadConfig({ PLATFORM_ENV: 'development', SITE_ORIGIN: 'http://localhost:8841/' });
    expect(brandOrigin(e2e, brandById('main'))).toBe('http://localhost:8841');
    expect(brandOrigin(e2e, brandById('coin'))).toBe('http://coin.localhost:8841');
  });

  it("is each brand's serviceUrl in production, whatever SITE_ORIGIN says", () => {
    const production = loadConfig({ PLATFORM_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SITE_ORIGIN: 'http://localhost:9999' });
    expect(brandOrigin(production, brandById('main'))).toBe(new URL(brandById('main').serviceUrl).origin);
    expect(brandOrigin(production, brandById('realtoon'))).toBe('https://live.realtoon.example');
  });

  it('refuses a SITE_ORIGIN that is not a bare http(s) origin', () => {
    for (const bad of ['localhost:8787', 'ftp://localhost', 'http://localhost:8787/site', 'http://localhost/?x=1', 'http://user@localhost', 'not a url'])
      expect(() => loadConfig({ PLATFORM_ENV: 'test', SITE_ORIGIN: bad }), bad).toThrow(ConfigError);
  });
});
