/**
 * What the shop page's Content-Security-Policy admits for PortOne's browser SDK, and nothing else
 * does (docs/LEDGER.md "Content-Security-Policy"). `@portone/browser-sdk` injects PortOne's script
 * from its CDN; that script calls PortOne's checkout services and opens PortOne's window in a frame
 * (or a popup, or a redirection, which no policy of this page governs). The PG behind a channel may
 * add its own script, frame and form origins (KG Inicis, KCP, Toss Payments …): a deployment names
 * them at build time in PORTONE_PG_ORIGINS (space-separated https origins, `https://*.inicis.com`).
 * In development the simulator stands in on this origin, so nothing here is fetched.
 */

const PORTONE_SCRIPT_ORIGINS = ['https://cdn.portone.io'] as const;

const PORTONE_CONNECT_ORIGINS = [
  'https://cdn.portone.io',
  'https://checkout-service.prod.iamport.co',
  'https://tx-gateway-service.prod.iamport.co',
  'https://payment-bridge.prod.iamport.co',
  'https://coretelemetry.prod.iamport.co',
] as const;

const PORTONE_FRAME_ORIGINS = [
  'https://checkout-service.prod.iamport.co',
  'https://payment-bridge.prod.iamport.co',
  'https://service.iamport.kr',
] as const;

const ORIGIN = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;

/** The PG origins a deployment adds; throws (failing the build) on anything but https origins. */
function pgOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const bad = origins.filter((o) => !ORIGIN.test(o));
  if (bad.length > 0)
    throw new Error(
      `PORTONE_PG_ORIGINS must be https origins (https://pg.example or https://*.pg.example), not ${bad.join(' ')}`,
    );
  return origins;
}

/** The directives the shop page adds to the site's policy, for PortOne and the deployment's PG. */
type Directive = `connect-src ${string}` | `frame-src ${string}` | `form-action ${string}`;

export function shopCsp(pgOriginsValue: string | undefined): { scripts: string[]; directives: Directive[] } {
  const pg = pgOrigins(pgOriginsValue);
  return {
    // A page's own script resource replaces the site's default ('self'), so it is named again.
    scripts: ["'self'", ...PORTONE_SCRIPT_ORIGINS, ...pg],
    directives: [
      `connect-src ${PORTONE_CONNECT_ORIGINS.join(' ')}`,
      `frame-src 'self' ${[...PORTONE_FRAME_ORIGINS, ...pg].join(' ')}`,
      ...(pg.length > 0 ? [`form-action ${pg.join(' ')}` as const] : []),
    ],
  };
}
