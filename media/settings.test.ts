import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderNginxConfig } from './render.ts';
import { mediaSettings } from './settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'media-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('media settings', () => {
  it('has documented defaults, and derives the loopback ports from MEDIA_HTTP_PORT', () => {
    const s = mediaSettings({ PLATFORM_ENV: 'development', MEDIA_DIR: dir, MEDIA_HTTP_PORT: '19000' });
    expect(s).toMatchObject({
      rtmpPort: 1935,
      httpPort: 19000,
      controlPort: 19001,
      flvRtmpPort: 19002,
      flvHttpPort: 19003,
      bind: '127.0.0.1',
    });
    expect(s.rtmpUrl).toBe('rtmp://localhost:1935/live');
    expect(s.callbackOrigin).toBe('http://127.0.0.1:8788');
  });

  it('needs MEDIA_SECRET in production; in development keeps one random secret, readable by its owner only', () => {
    expect(() => mediaSettings({ PLATFORM_ENV: 'production', MEDIA_DIR: dir })).toThrow(/MEDIA_SECRET/);
    expect(() => mediaSettings({ PLATFORM_ENV: 'production', MEDIA_DIR: dir, MEDIA_SECRET: 'short' })).toThrow(
      /MEDIA_SECRET/,
    );
    const a = mediaSettings({ PLATFORM_ENV: 'development', MEDIA_DIR: dir }).secret;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(mediaSettings({ PLATFORM_ENV: 'development', MEDIA_DIR: dir }).secret).toBe(a);
    expect(mediaSettings({ PLATFORM_ENV: 'test', MEDIA_DIR: dir }).secret).not.toBe(a);
    expect(statSync(join(dir, 'secret')).mode & 0o077).toBe(0);
  });

  it('renders the nginx config with every placeholder filled and the key never in an output path', () => {
    const conf = renderNginxConfig(
      mediaSettings({ PLATFORM_ENV: 'test', MEDIA_DIR: dir, MEDIA_SECRET: 's'.repeat(40), RTMP_PORT: '19999' }),
    );
    expect(conf).not.toMatch(/\{\{/);
    expect(conf).toContain('listen 127.0.0.1:19999;');
    expect(conf).toContain(`on_publish http://127.0.0.1:8788/api/ingest/publish?secret=${'s'.repeat(40)};`);
    expect(conf).toMatch(/listen 127\.0\.0\.1:8791;\s+location \/control\//);
    expect(() =>
      renderNginxConfig(mediaSettings({ PLATFORM_ENV: 'test', MEDIA_DIR: dir, MEDIA_BIND: '10.0.0.5' })),
    ).toThrow(/MEDIA_BIND/);
  });
});
