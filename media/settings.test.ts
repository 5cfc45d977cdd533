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
    expect(s.ladder).toEqual({
      rungs: [
        { name: '720p', height: 720, fps: 30, videoKbps: 2800 },
        { name: '480p', height: 480, fps: 30, videoKbps: 1200 },
        { name: '360p', height: 360, fps: 30, videoKbps: 700 },
      ],
      preset: 'veryfast',
      gopS: 0.5,
      minSpeed: 1,
      port: 19004,
    });
  });

  it('reports every bad ladder setting at once', () => {
    const env = {
      PLATFORM_ENV: 'test',
      MEDIA_DIR: dir,
      MEDIA_LADDER: '720p30,999p',
      MEDIA_LADDER_PRESET: 'turbo',
      MEDIA_GOP_S: '0',
      MEDIA_LADDER_MIN_SPEED: 'fast',
    };
    try {
      mediaSettings(env);
      expect.unreachable();
    } catch (err) {
      const messages = (err as AggregateError).errors.map((e: Error) => e.message);
      expect(messages).toEqual([
        expect.stringContaining('"999p"'),
        expect.stringContaining('MEDIA_LADDER_PRESET'),
        expect.stringContaining('MEDIA_GOP_S'),
        expect.stringContaining('MEDIA_LADDER_MIN_SPEED'),
      ]);
    }
    expect(mediaSettings({ PLATFORM_ENV: 'test', MEDIA_DIR: dir, MEDIA_LADDER: 'none' }).ladder.rungs).toEqual([]);
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
