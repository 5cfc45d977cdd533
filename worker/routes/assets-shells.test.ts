import { describe, expect, it } from 'vitest';
import { pagePath } from './assets.ts';

describe('channel, live and VOD shells', () => {
  it('maps every numeric id to the one prebuilt shell', () => {
    expect(pagePath('/channels/1')).toBe('/channels/_/index.html');
    expect(pagePath('/channels/1234567890/')).toBe('/channels/_/index.html');
    expect(pagePath('/channels/42/live')).toBe('/channels/_/live/index.html');
    expect(pagePath('/channels/42/live/')).toBe('/channels/_/live/index.html');
    expect(pagePath('/vod/7')).toBe('/vod/_/index.html');
  });

  it('does not map other ids to the shell', () => {
    expect(pagePath('/channels/abc')).toBe('/channels/abc/index.html');
    expect(pagePath('/channels/12345678901')).not.toBe('/channels/_/index.html');
    expect(pagePath('/channels/1/live/x')).not.toBe('/channels/_/live/index.html');
  });
});
