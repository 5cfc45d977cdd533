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

  it('keeps an hour of rewind in 4-s fragments unless told, in its own nginx application, pushed from the source and the rungs', () => {
    const s = mediaSettings({ PLATFORM_ENV: 'development', MEDIA_DIR: dir });
    expect(s.rewind).toEqual({ windowS: 3600, fragmentS: 4 });
    const conf = renderNginxConfig(s);
    const dvr = /application dvr \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(dvr).toContain('hls_playlist_length 3600s;');
    expect(dvr).toContain('hls_fragment 4s;');
    expect(dvr).toContain(`hls_path ${join(dir, 'dvr')};`);
    expect(dvr).toContain('allow publish 127.0.0.1;');
    expect(dvr).toContain('deny play all;');
    // The source's and the rungs' applications both push into it; the edge playlists stay 6 s.
    expect(conf.match(/push rtmp:\/\/127\.0\.0\.1:1935\/dvr;/g)).toHaveLength(2);
    expect(conf.match(/hls_playlist_length 6s;/g)).toHaveLength(2);
    const small = mediaSettings({
      PLATFORM_ENV: 'test',
      MEDIA_DIR: dir,
      MEDIA_REWIND_S: '600',
      MEDIA_REWIND_FRAGMENT_S: '6',
    });
    expect(small.rewind).toEqual({ windowS: 600, fragmentS: 6 });
    expect(renderNginxConfig(small)).toContain('public, max-age=600, immutable');
  });

  it('refuses a rewind window it cannot keep', () => {
    for (const [w, f] of [
      ['0', '4'],
      ['90000', '4'],
      ['abc', '4'],
      ['60', '0'],
      ['60', '11'],
      ['6', '4'],
    ])
      expect(
        () => mediaSettings({ PLATFORM_ENV: 'test', MEDIA_DIR: dir, MEDIA_REWIND_S: w, MEDIA_REWIND_FRAGMENT_S: f }),
        `${w} ${f}`,
      ).toThrow(/MEDIA_REWIND/);
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
