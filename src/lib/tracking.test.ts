import { describe, expect, it } from 'vitest';
import { initTracking, track, trackPurchase, trackSignupOk, type TrackingConfig } from './tracking.ts';

function fakeWindow() {
  const scripts: string[] = [];
  const win = {
    document: {
      createElement: () => ({ async: false, src: '' }),
      head: { appendChild: (s: { src: string }) => void scripts.push(s.src) },
    },
  } as unknown as Window & { dataLayer?: unknown[] };
  return { win, scripts };
}

const OFF: TrackingConfig = {
  gtmId: null,
  adsId: null,
  signupLabel: null,
  purchaseLabel: null,
  scriptOrigin: 'http://tags.test',
};

describe('conversion tracking (SPEC §7)', () => {
  it('does nothing and loads nothing when not configured', () => {
    const { win, scripts } = fakeWindow();
    expect(initTracking(OFF, win)).toBe(false);
    trackSignupOk();
    expect(win.dataLayer).toBeUndefined();
    expect(scripts).toEqual([]);
  });

  it('pushes signup_ok and purchase to the data layer and the ads tag when configured', () => {
    const { win, scripts } = fakeWindow();
    const cfg = { ...OFF, gtmId: 'GTM-TEST', adsId: 'AW-1', signupLabel: 'sign', purchaseLabel: 'buy' };
    expect(initTracking(cfg, win)).toBe(true);
    expect(scripts).toEqual(['http://tags.test/gtm.js?id=GTM-TEST', 'http://tags.test/gtag/js?id=AW-1']);
    trackSignupOk();
    trackPurchase({ transactionId: 'pay-42', value: 3300 });
    track('purchase', { transactionId: 'pay-43', value: 9900 });
    const layer = win.dataLayer!.map((e) =>
      e && typeof e === 'object' && 'length' in e ? Array.from(e as ArrayLike<unknown>) : e,
    );
    expect(layer).toContainEqual({ event: 'signup_ok' });
    expect(layer).toContainEqual({
      event: 'purchase',
      ecommerce: { transaction_id: 'pay-42', value: 3300, currency: 'KRW' },
    });
    expect(layer).toContainEqual(['event', 'conversion', { send_to: 'AW-1/sign' }]);
    expect(layer).toContainEqual([
      'event',
      'conversion',
      { send_to: 'AW-1/buy', transaction_id: 'pay-42', value: 3300, currency: 'KRW' },
    ]);
    expect(layer).toContainEqual({
      event: 'purchase',
      ecommerce: { transaction_id: 'pay-43', value: 9900, currency: 'KRW' },
    });
  });
});
