/**
 * The development simulator's pages (./dev-payment-window.ts): plain forms, no scripts, English like the other dev
 * tools.
 */
import { html } from 'hono/html';

/**
 * What `@portone/browser-sdk` loads in development instead of https://cdn.portone.io/v2/browser-sdk.js:
 * `window.PortOne` whose windows are the simulator pages, opened as PortOne's redirection window
 * type (the promise never settles; the page comes back to `redirectUrl`).
 */
export const BROWSER_SDK_SCRIPT = `(() => {
  const open = (path, redirectUrl) => {
    const url = new URL(path, location.origin);
    if (redirectUrl) url.searchParams.set('redirectUrl', redirectUrl);
    location.assign(url.toString());
    return new Promise(() => {});
  };
  window.PortOne = {
    requestPayment: (request) => open('/api/dev/payments/' + encodeURIComponent(request.paymentId), request.redirectUrl),
    requestIssueBillingKey: (request) => open('/api/dev/billing-keys/' + encodeURIComponent(request.issueId), request.redirectUrl),
  };
})();
`;

const won = (n: number) => n.toLocaleString('en-US');

function actionForm(paymentId: string, redirectUrl: string, action: string, label: string, extra = html``) {
  return html`<form method="post" action="/api/dev/payments/${paymentId}/window">
    <input type="hidden" name="action" value="${action}" />
    <input type="hidden" name="redirectUrl" value="${redirectUrl}" />
    ${extra}
    <button type="submit">${label}</button>
  </form>`;
}

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          <p>Development simulator of PortOne’s window: no real money moves.</p>
          ${body}
        </main>
      </body>
    </html>`;
}

export function paymentPage(
  paymentId: string,
  p: { amountWon: number; method: string; status: string },
  redirectUrl: string,
) {
  const form = (action: string, label: string, extra?: ReturnType<typeof html>) =>
    actionForm(paymentId, redirectUrl, action, label, extra);
  const other = html`<label>Amount (won) <input name="amountWon" inputmode="numeric" value="1" /></label>`;
  let choices: ReturnType<typeof html>;
  if (p.status === 'READY' && p.method === 'virtualaccount')
    choices = html`${form('issue', 'Issue virtual account')} ${form('fail', 'Fail the payment', html`<label>Reason <input name="note" value="" /></label>`)}`;
  else if (p.status === 'READY')
    choices = html`${form('pay', 'Pay')} ${form('pay_other', 'Pay another amount', other)}
    ${form('fail', 'Fail the payment', html`<label>Reason <input name="note" value="" /></label>`)}`;
  else if (p.status === 'VIRTUAL_ACCOUNT_ISSUED')
    choices = html`${form('deposit', 'Deposit the amount')} ${form('deposit_other', 'Deposit another amount', other)}`;
  else choices = html`<p>This payment is ${p.status}: nothing more to do here.</p>`;
  return page(
    'Payment window (development)',
    html`<dl>
        <dt>Payment</dt>
        <dd>${paymentId}</dd>
        <dt>Amount</dt>
        <dd>${won(p.amountWon)} won</dd>
        <dt>Method</dt>
        <dd>${p.method}</dd>
        <dt>Status at PortOne</dt>
        <dd>${p.status}</dd>
      </dl>
      ${choices} ${form('close', 'Close the window')}`,
  );
}

export function billingKeyPage(issueId: string, redirectUrl: string) {
  const form = (action: string, label: string) =>
    html`<form method="post" action="/api/dev/billing-keys/${issueId}/window">
      <input type="hidden" name="action" value="${action}" />
      <input type="hidden" name="redirectUrl" value="${redirectUrl}" />
      <button type="submit">${label}</button>
    </form>`;
  return page(
    'Card registration (development)',
    html`${form('issue', 'Register the card')} ${form('close', 'Close the window')}`,
  );
}
