/**
 * The development simulator's payment and card windows (./dev-payment-window-routes.ts): plain forms, no scripts,
 * in the page's language (`?lang=` the SDK stand-in sends, else the caller's) and the simulators' frame (./sim-page.ts).
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { callerText } from '../http/errors.ts';
import { callerLocale } from '../http/locale.ts';
import { simulatorPage } from './sim-page.ts';

/**
 * What `@portone/browser-sdk` loads in development instead of https://cdn.portone.io/v2/browser-sdk.js:
 * `window.PortOne` whose windows are the simulator pages, opened as PortOne's redirection window
 * type (the promise never settles; the page comes back to `redirectUrl`), with the page's language as `lang`.
 */
export const BROWSER_SDK_SCRIPT = `(() => {
  const open = (path, redirectUrl) => {
    const url = new URL(path, location.origin);
    if (redirectUrl) url.searchParams.set('redirectUrl', redirectUrl);
    // The window speaks the page's language.
    const lang = document.documentElement.lang;
    if (lang === 'ko' || lang === 'en') url.searchParams.set('lang', lang);
    location.assign(url.toString());
    return new Promise(() => {});
  };
  window.PortOne = {
    requestPayment: (request) => open('/api/dev/payments/' + encodeURIComponent(request.paymentId), request.redirectUrl),
    requestIssueBillingKey: (request) => open('/api/dev/billing-keys/' + encodeURIComponent(request.issueId), request.redirectUrl),
  };
})();
`;

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const won = (n: number, locale: string) => n.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US');

function actionForm(action: string, redirectUrl: string, choice: string, label: string, extra?: Html) {
  return html`<form method="post" action="${action}">
    <input type="hidden" name="action" value="${choice}" />
    <input type="hidden" name="redirectUrl" value="${redirectUrl}" />
    ${extra ?? ''}
    <button type="submit"${choice === 'close' || choice === 'fail' ? html` class="secondary"` : ''}>${label}</button>
  </form>`;
}

export function paymentPage(
  c: Context,
  paymentId: string,
  p: { amountWon: number; method: string; status: string },
  redirectUrl: string,
) {
  const t = (key: string, params?: Record<string, string>) => callerText(c, key, params);
  const locale = callerLocale(c);
  const form = (choice: string, label: string, extra?: Html) =>
    actionForm(`/api/dev/payments/${paymentId}/window`, redirectUrl, choice, label, extra);
  const other = html`<label>${t('dev_pay_other_amount')} <input name="amountWon" inputmode="numeric" value="1" /></label>`;
  const reason = html`<label>${t('dev_pay_fail_reason')} <input name="note" value="" /></label>`;
  let choices: Html;
  if (p.status === 'READY' && p.method === 'virtualaccount')
    choices = html`${form('issue', t('dev_pay_issue'))} ${form('fail', t('dev_pay_fail'), reason)}`;
  else if (p.status === 'READY')
    choices = html`${form('pay', t('dev_pay_pay'))} ${form('pay_other', t('dev_pay_pay_other'), other)}
    ${form('fail', t('dev_pay_fail'), reason)}`;
  else if (p.status === 'VIRTUAL_ACCOUNT_ISSUED')
    choices = html`${form('deposit', t('dev_pay_deposit'))} ${form('deposit_other', t('dev_pay_deposit_other'), other)}`;
  else choices = html`<p>${t('dev_pay_done', { status: p.status })}</p>`;
  return simulatorPage(
    c,
    'dev_pay_title',
    'dev_pay_lead',
    html`<dl>
        <dt>${t('dev_pay_payment')}</dt>
        <dd>${paymentId}</dd>
        <dt>${t('dev_pay_amount')}</dt>
        <dd>${t('dev_pay_amount_value', { amount: won(p.amountWon, locale) })}</dd>
        <dt>${t('dev_pay_method')}</dt>
        <dd>${p.method}</dd>
        <dt>${t('dev_pay_status')}</dt>
        <dd>${p.status}</dd>
      </dl>
      <div class="actions">${choices} ${form('close', t('dev_pay_close'))}</div>`,
  );
}

export function billingKeyPage(c: Context, issueId: string, redirectUrl: string) {
  const form = (choice: string, label: string) =>
    actionForm(`/api/dev/billing-keys/${issueId}/window`, redirectUrl, choice, label);
  return simulatorPage(
    c,
    'dev_card_title',
    'dev_card_lead',
    html`<div class="actions">${form('issue', callerText(c, 'dev_card_issue'))} ${form('close', callerText(c, 'dev_pay_close'))}</div>`,
  );
}
