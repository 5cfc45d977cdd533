import { describe, expect, it } from 'vitest';
import { brandById } from '../../domain/brands.ts';
import { robotsTxt, sitemapXml } from './seo-files.ts';

describe('robots.txt and sitemap per brand', () => {
  it('robots.txt keeps member pages out and points at the brand sitemap', () => {
    const txt = robotsTxt(brandById('hearheart'));
    expect(txt).toContain('Disallow: /my/');
    expect(txt.match(/^Disallow: .*$/gm)).toEqual(
      ['/my/', '/api/', '/callback/', '/completed/', '/notices/'].map((p) => `Disallow: ${p}`),
    );
    expect(txt).toContain('Sitemap: https://www.hearheart.example/sitemap.xml');
  });
  it('the sitemap lists public pages on the brand service URL only', () => {
    const xml = sitemapXml(brandById('main'));
    expect(xml).toContain('<loc>https://www.flxtv.example/</loc>');
    expect(xml).toContain('<loc>https://www.flxtv.example/signup/foreigner</loc>');
    expect(xml).not.toContain('/my');
    // Partner brands have no foreigner sign-up.
    expect(sitemapXml(brandById('onion'))).not.toContain('/signup/foreigner');
  });
});
