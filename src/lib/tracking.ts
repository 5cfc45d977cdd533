/**
 * Conversion tracking (SPEC §7 "Other"): `signup_ok` and `purchase` go to the tag manager's
 * data layer and the ads tag — only when the build configures them; otherwise nothing loads
 * and nothing is recorded. Enabling a remote tag also needs its host in the CSP (docs/ARCHITECTURE.md).
 */
export interface TrackingConfig {
  /** Tag manager container id (`PUBLIC_GTM_ID`). */
  gtmId: string | null;
  /** Ads tag id, `AW-…` (`PUBLIC_ADS_ID`). */
  adsId: string | null;
  /** Conversion labels of the ads tag (`PUBLIC_ADS_SIGNUP_LABEL`, `PUBLIC_ADS_PURCHASE_LABEL`). */
  signupLabel: string | null;
  purchaseLabel: string | null;
  /** Where the tag scripts load from (`PUBLIC_TAG_SCRIPT_ORIGIN`). */
  scriptOrigin: string;
}

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

function env(name: string): string | null {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value && value.trim() ? value.trim() : null;
}

function configuredTracking(): TrackingConfig {
  return {
    gtmId: env('PUBLIC_GTM_ID'),
    adsId: env('PUBLIC_ADS_ID'),
    signupLabel: env('PUBLIC_ADS_SIGNUP_LABEL'),
    purchaseLabel: env('PUBLIC_ADS_PURCHASE_LABEL'),
    scriptOrigin: env('PUBLIC_TAG_SCRIPT_ORIGIN') ?? 'https://www.googletagmanager.com',
  };
}

let config: TrackingConfig | null = null;
let target: TagWindow | null = null;

function loadScript(win: TagWindow, src: string): void {
  const script = win.document.createElement('script');
  script.async = true;
  script.src = src;
  win.document.head.appendChild(script);
}

/** Sets up the data layer and loads the configured tags; does nothing when none is configured. */
export function initTracking(
  cfg: TrackingConfig = configuredTracking(),
  win: TagWindow = window as TagWindow,
): boolean {
  if (!cfg.gtmId && !cfg.adsId) return false;
  config = cfg;
  target = win;
  win.dataLayer = win.dataLayer ?? [];
  const layer = win.dataLayer;
  // gtag.js reads its commands from the data layer as `arguments` objects.
  win.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js tells a command from other data-layer entries by its being an
    // `arguments` object
    layer.push(arguments);
  };
  if (cfg.gtmId) {
    layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    loadScript(win, `${cfg.scriptOrigin}/gtm.js?id=${encodeURIComponent(cfg.gtmId)}`);
  }
  if (cfg.adsId) {
    win.gtag('js', new Date());
    win.gtag('config', cfg.adsId);
    loadScript(win, `${cfg.scriptOrigin}/gtag/js?id=${encodeURIComponent(cfg.adsId)}`);
  }
  return true;
}

/** After a completed sign-up. */
export function trackSignupOk(): void {
  if (!config || !target) return;
  target.dataLayer!.push({ event: 'signup_ok' });
  if (config.adsId && config.signupLabel)
    target.gtag!('event', 'conversion', { send_to: `${config.adsId}/${config.signupLabel}` });
}

/** After an approved payment; `value` in won. */
export function trackPurchase({ transactionId, value }: { transactionId: string; value: number }): void {
  if (!config || !target) return;
  target.dataLayer!.push({ event: 'purchase', ecommerce: { transaction_id: transactionId, value, currency: 'KRW' } });
  if (config.adsId && config.purchaseLabel) {
    target.gtag!('event', 'conversion', {
      send_to: `${config.adsId}/${config.purchaseLabel}`,
      transaction_id: transactionId,
      value,
      currency: 'KRW',
    });
  }
}

/** Generic entry for callers that name the event: `signup_ok`, or `purchase` with its data. */
export function track(event: 'signup_ok' | 'purchase' | (string & {}), data?: object): void {
  if (event === 'signup_ok') trackSignupOk();
  else if (event === 'purchase' && data && 'transactionId' in data && 'value' in data) {
    trackPurchase({ transactionId: String(data.transactionId), value: Number(data.value) });
  }
}
