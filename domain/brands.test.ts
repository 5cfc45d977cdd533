import { describe, expect, it } from 'vitest';
import { BRANDS, BRAND_IDS, resolveBrand } from './brands.ts';

describe('resolveBrand', () => {
  it('maps local hosts', () => {
    expect(resolveBrand('localhost:8787').brand.id).toBe('main');
    expect(resolveBrand('main.localhost').brand.id).toBe('main');
    for (const id of BRAND_IDS) expect(resolveBrand(`${id}.localhost:8787`).brand.id).toBe(id);
    expect(resolveBrand('localhost').cookieDomain).toBeNull();
  });

  it('maps production hosts with their cookie domain', () => {
    expect(resolveBrand('www.hearheart.example')).toMatchObject({
      brand: { id: 'hearheart' },
      cookieDomain: '.hearheart.example',
    });
    expect(resolveBrand('WWW.FLXTV.EXAMPLE.')).toMatchObject({ brand: { id: 'main' }, cookieDomain: '.flxtv.example' });
  });

  it('falls back to main, host-only, for unknown or hostile hosts', () => {
    for (const host of [
      'evil.example',
      'flxtv.example.evil.example',
      'a\r\nb',
      '',
      null,
      'x'.repeat(300),
      'nope.localhost',
    ]) {
      expect(resolveBrand(host)).toEqual({ brand: expect.objectContaining({ id: 'main' }), cookieDomain: null });
    }
  });

  it('has complete settings for every brand', () => {
    expect(BRANDS.map((b) => b.id)).toEqual([...BRAND_IDS]);
    for (const b of BRANDS) {
      expect(b.serviceUrl).toMatch(/^https:\/\/[a-z0-9.-]+$/);
      expect(b.serviceName.ko && b.serviceName.en && b.seo.description.en && b.companyName.ko).toBeTruthy();
      expect(b.logo).toBe(`/brands/${b.id}/logo.svg`);
      expect(b.icon).toBe(`/brands/${b.id}/icon.svg`);
    }
    expect(BRANDS.find((b) => b.id === 'coin')!.currency.shop.en).toBe('coin');
    expect(BRANDS.find((b) => b.id === 'hearheart')!.casterTitle.en).toBe('host');
  });
});
