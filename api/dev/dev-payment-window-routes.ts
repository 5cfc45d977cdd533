/**
 * The development stand-ins for PortOne's browser side (404 in production): the script the site's
 * `@portone/browser-sdk` loads instead of PortOne's CDN (`GET /api/dev/portone/browser-sdk.js`),
 * and the windows it opens, as pages with PortOne's redirection contract: `GET /api/dev/payments/{id}`
 * (pay, issue a virtual account, deposit, fail, close) and `GET /api/dev/billing-keys/{issueId}`
 * (register a card). A choice moves the simulated PortOne (`deps.payment.simulate()`), is
 * applied as PortOne's webhook would be, and returns to the site's redirectUrl with `paymentId`
 * (or `billingKey`) and, on failure, `code` and `message`.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { isLocale } from '../../domain/locales.ts';
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { settlePayment } from '../shop/payment-settle.ts';
import type { DevelopmentGateway, SimulatorAction } from '../providers/payment/development.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { devOnly } from './dev-only.ts';
import { BROWSER_SDK_SCRIPT, billingKeyPage, paymentPage } from './dev-payment-pages.ts';

/** The simulator acts on the development gateway only (another configured gateway has its own windows). */
export function devGatewayOf(c: Context<ApiEnv>): DevelopmentGateway | null {
  const gateway = c.get('deps').payment;
  return gateway?.name === 'development' ? (gateway as DevelopmentGateway) : null;
}

/** Back to the site: the redirectUrl's path on this origin (never another host), with PortOne's result parameters. */
export function backTo(redirectUrl: string | undefined, result: Record<string, string>): string {
  let path = '/';
  if (redirectUrl && URL.canParse(redirectUrl, 'http://x.invalid')) {
    const url = new URL(redirectUrl, 'http://x.invalid');
    path = safeCallbackUrl(url.pathname + url.search);
  }
  const url = new URL(path, 'http://x.invalid');
  for (const [k, value] of Object.entries(result)) url.searchParams.set(k, value);
  return url.pathname + url.search;
}

const FAILURE_NOTE_MAX = 200;
const redirectField = v.optional(v.pipe(v.string(), v.maxLength(2048)));
/** `lang`: the page's language, sent by the SDK stand-in (the window speaks it; else the caller's). */
const windowQuery = v.object({ redirectUrl: redirectField, lang: v.optional(v.string()) });

/** The window's language: the page's (`lang`) when offered, else the caller's (cookie, Accept-Language). */
function speakPageLanguage(c: Context<ApiEnv>, lang: string | undefined): void {
  if (isLocale(lang)) (c as unknown as Context<{ Variables: { locale?: string } }>).set('locale', lang);
}
const paymentWindowBody = v.object({
  action: v.picklist(['pay', 'pay_other', 'issue', 'deposit', 'deposit_other', 'fail', 'close']),
  amountWon: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
  note: v.optional(v.pipe(v.string(), v.maxLength(FAILURE_NOTE_MAX))),
  redirectUrl: redirectField,
});
const issueId = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/));
const billingWindowBody = v.object({ action: v.picklist(['issue', 'close']), redirectUrl: redirectField });

function simulation(action: v.InferOutput<typeof paymentWindowBody>): SimulatorAction | null {
  switch (action.action) {
    case 'pay':
      return { kind: 'pay' };
    case 'pay_other':
      return { kind: 'pay', amountWon: action.amountWon ?? 1 };
    case 'issue':
      return { kind: 'issue' };
    case 'deposit':
      return { kind: 'deposit' };
    case 'deposit_other':
      return { kind: 'deposit', amountWon: action.amountWon ?? 1 };
    case 'fail':
      return { kind: 'fail', note: action.note || 'declined by the card company (development simulator)' };
    case 'close':
      return null;
  }
}

export const devPaymentWindow = new Hono<ApiEnv>()
  .get(
    '/portone/browser-sdk.js',
    doc({
      tag: 'development',
      summary: 'The stand-in for PortOne’s browser SDK script: its windows are the simulator pages',
      responses: { 200: 'JavaScript' },
    }),
    devOnly(),
    (c) =>
      c.body(BROWSER_SDK_SCRIPT, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      }),
  )
  .get(
    '/payments/:paymentId',
    doc({
      tag: 'development',
      summary: 'The payment window simulator: what the buyer does in PortOne’s window',
      responses: { 200: 'An HTML page' },
    }),
    devOnly(),
    params(v.object({ paymentId }), { invalid: 'not_found' }),
    query(windowQuery),
    (c) => {
      const id = c.req.valid('param').paymentId;
      const payment = devGatewayOf(c)?.simulated(id);
      if (!payment) return fail(c, 'not_found');
      const q = c.req.valid('query');
      speakPageLanguage(c, q.lang);
      return c.html(paymentPage(c, id, payment, q.redirectUrl ?? ''));
    },
  )
  .post(
    '/payments/:paymentId/window',
    doc({
      tag: 'development',
      summary: 'The buyer’s choice in the simulated window, then back to the site as PortOne redirects',
      responses: { 303: 'To redirectUrl?paymentId=…' },
    }),
    devOnly(),
    params(v.object({ paymentId }), { invalid: 'not_found' }),
    body(paymentWindowBody, { form: true }),
    async (c) => {
      const id = c.req.valid('param').paymentId;
      const input = c.req.valid('json');
      const gateway = devGatewayOf(c);
      if (!gateway?.simulated(id)) return fail(c, 'not_found');
      const action = simulation(input);
      const result: Record<string, string> = { paymentId: id, transactionType: 'PAYMENT', txId: `dev-tx-${id}` };
      if (action) {
        const moved = gateway.simulate(id, action);
        if (!moved.ok) return fail(c, 'payment_final');
        // PortOne's webhook follows every change; the simulator applies it at once.
        await settlePayment(c.get('deps').database.db, gateway, id, 'webhook:development');
        if (action.kind === 'fail') Object.assign(result, { code: 'FAILURE_TYPE_PG', message: action.note ?? '' });
      } else Object.assign(result, { code: 'FAILURE_TYPE_PG', message: 'The buyer closed the payment window.' });
      return c.redirect(backTo(input.redirectUrl, result), 303);
    },
  )
  .get(
    '/billing-keys/:issueId',
    doc({
      tag: 'development',
      summary: 'The card registration simulator (PortOne’s billing-key window)',
      responses: { 200: 'An HTML page' },
    }),
    devOnly(),
    requireMember(),
    params(v.object({ issueId }), { invalid: 'not_found' }),
    query(windowQuery),
    (c) => {
      if (!devGatewayOf(c)) return fail(c, 'not_found');
      const q = c.req.valid('query');
      speakPageLanguage(c, q.lang);
      return c.html(billingKeyPage(c, c.req.valid('param').issueId, q.redirectUrl ?? ''));
    },
  )
  .post(
    '/billing-keys/:issueId/window',
    doc({
      tag: 'development',
      summary: 'Registers a card for the signed-in member (or closes the window), then back to the site',
      responses: { 303: 'To redirectUrl?billingKey=…' },
    }),
    devOnly(),
    requireMember(),
    params(v.object({ issueId }), { invalid: 'not_found' }),
    body(billingWindowBody, { form: true }),
    (c) => {
      const gateway = devGatewayOf(c);
      if (!gateway) return fail(c, 'not_found');
      const input = c.req.valid('json');
      const result: Record<string, string> = { transactionType: 'ISSUE_BILLING_KEY' };
      if (input.action === 'issue') result.billingKey = gateway.issueBillingKey(me(c).id);
      else Object.assign(result, { code: 'FAILURE_TYPE_PG', message: 'The buyer closed the card window.' });
      return c.redirect(backTo(input.redirectUrl, result), 303);
    },
  );
