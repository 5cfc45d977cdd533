/**
 * PortOne's browser step (docs/LEDGER.md "PortOne V2 flow"): `@portone/browser-sdk` opens PortOne's
 * window for the request the API handed out; the API then asks PortOne what happened, so nothing
 * here is trusted with money. Loaded on demand, on the shop page only. The SDK loads its script from
 * PortOne's CDN unless `window.PortOne` is already there: in development the API names a stand-in
 * on this origin (`browserSdkUrl`, the simulator), loaded first, so the same calls open the
 * simulator's pages instead and nothing is fetched from outside.
 */

/** What the window returned (PortOne's `PaymentResponse`), or what PortOne put on the redirect back. */
export interface WindowResult {
  paymentId: string | null;
  /** Set when the buyer did not pay: PortOne's code and its message (the PG's words). */
  code: string | null;
  message: string | null;
}

/** Only a script of the development simulator on this origin stands in for PortOne's. */
const STAND_IN = /^\/api\/dev\/[\w/.-]+\.js$/;

let standIn: Promise<void> | null = null;

function loadStandIn(url: string): Promise<void> {
  if (!STAND_IN.test(url)) return Promise.reject(new Error(`not a stand-in for PortOne's browser SDK: ${url}`));
  return (standIn ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('the PortOne stand-in did not load')));
    document.head.append(script);
  }));
}

/** The page to come back to from a redirection window: this page, without PortOne's earlier parameters. */
export function returnUrl(): string {
  const url = new URL(location.href);
  for (const name of ['paymentId', 'code', 'message', 'pgCode', 'pgMessage', 'txId', 'transactionType', 'billingKey'])
    url.searchParams.delete(name);
  return url.toString();
}

/**
 * Opens PortOne's payment window for `checkout` (the API's answer). Resolves with the window's result
 * when the window type returns (iframe, popup); with a redirection window the page leaves instead
 * and `redirectResult()` reads the result when it comes back.
 */
export async function openPaymentWindow(checkout: object, browserSdkUrl: string | null): Promise<WindowResult> {
  if (browserSdkUrl) await loadStandIn(browserSdkUrl);
  const { requestPayment } = await import('@portone/browser-sdk/v2');
  const response = await requestPayment({
    ...(checkout as Parameters<typeof requestPayment>[0]),
    redirectUrl: returnUrl(),
  });
  return { paymentId: response?.paymentId ?? null, code: response?.code ?? null, message: response?.message ?? null };
}

/** PortOne's result on the address after a redirection window (`?paymentId=…&code=…&message=…`), or null. */
export function redirectResult(search: string): WindowResult | null {
  const params = new URLSearchParams(search);
  const paymentId = params.get('paymentId');
  if (!paymentId) return null;
  return { paymentId, code: params.get('code'), message: params.get('message') };
}

/**
 * Opens PortOne's card registration window (`requestIssueBillingKey()`) for `request` (the API's
 * answer). Resolves with the window's result when the window type returns; with a redirection
 * window the page leaves for it and comes back to `redirectUrl` with `?billingKey=` (or `code`).
 */
export async function openBillingKeyWindow(
  request: object,
  browserSdkUrl: string | null,
  redirectUrl: string,
): Promise<{ billingKey: string | null; message: string | null } | null> {
  if (browserSdkUrl) await loadStandIn(browserSdkUrl);
  const { requestIssueBillingKey } = await import('@portone/browser-sdk/v2');
  const response = await requestIssueBillingKey({
    ...(request as Parameters<typeof requestIssueBillingKey>[0]),
    redirectUrl,
  });
  if (!response) return null;
  return { billingKey: response.billingKey ?? null, message: response.code ? (response.message ?? '') : null };
}
