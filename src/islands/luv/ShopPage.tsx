import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $luvBalance, loadBalance } from '../../stores/luv.ts';
import { $shop, buy, chooseMethod, chooseProduct, loadProducts, paymentAction, redeemCoupon } from '../../stores/luv-shop.ts';
import { useMember } from '../my/use-member.ts';
import { METHODS, methodLabel, paymentStatusLabel } from './labels.ts';
import './luv.css';

/** The luv shop: products, a payment method, the payment's status as it moves (SPEC §4). */
export default function ShopPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const { products, productId, method, payment, devGateway, busy, failure, couponLuv } = useStore($shop);
  const balance = useStore($luvBalance);
  const [coupon, setCoupon] = useState('');

  useEffect(() => void loadProducts(), []);
  useEffect(() => {
    if (session.status === 'member') void loadBalance();
  }, [session.status]);

  async function submitCoupon(e: React.FormEvent) {
    e.preventDefault();
    if (await redeemCoupon(coupon)) setCoupon('');
  }

  const error = failure ? failureText(failure, locale) : '';
  const couponDone = couponLuv === null ? '' : m.luv_coupon_done({ amount: couponLuv, currency }, o);
  const open = payment && [0, 1, 2].includes(payment.status);
  return (
    <div className="luv-page">
      {balance !== null && (
        <p className="luv-balance">
          {m.luv_balance({ currency }, o)} <strong data-testid="luv-balance">{won(balance, locale)}</strong>
        </p>
      )}
      <form
        className="luv-card luv-form"
        onSubmit={(e) => {
          e.preventDefault();
          void buy();
        }}
        aria-labelledby="luv-shop-products"
      >
        <h2 id="luv-shop-products">{m.luv_shop_products({ currency }, o)}</h2>
        <fieldset className="luv-products">
          <legend>{m.luv_shop_pick({ currency }, o)}</legend>
          {products.map((p) => (
            <label key={p.productId} className="luv-product">
              <input type="radio" name="product" checked={productId === p.productId} onChange={() => chooseProduct(p.productId)} />
              {m.luv_shop_product({ amount: won(p.luv, locale), currency, price: won(p.priceWon, locale) }, o)}
            </label>
          ))}
        </fieldset>
        <label>
          {m.luv_shop_method({}, o)}
          <select value={method} onChange={(e) => chooseMethod(e.target.value)}>
            {METHODS.map((x) => (
              <option key={x} value={x}>
                {methodLabel(x, locale)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="flx-button flx-button--primary" disabled={busy || productId === null || session.status !== 'member'}>
          {m.luv_shop_buy({}, o)}
        </button>
      </form>
      {payment && (
        <section className="luv-card" aria-labelledby="luv-payment-title" aria-live="polite">
          <h2 id="luv-payment-title">{m.luv_payment_title({}, o)}</h2>
          <p>{m.luv_payment_id({ id: payment.paymentId }, o)}</p>
          <p>
            {m.luv_payment_status({}, o)}{' '}
            <strong data-testid="payment-status">
              {paymentStatusLabel(payment.status, locale)} ({payment.status})
            </strong>
          </p>
          {payment.failureNote && <p className="luv-muted">{payment.failureNote}</p>}
          <div className="luv-actions">
            <button type="button" className="flx-button flx-button--small" onClick={() => void paymentAction('refresh')} disabled={busy}>
              {m.luv_payment_refresh({}, o)}
            </button>
          </div>
          {devGateway && open && (
            <div className="luv-dev" role="group" aria-label={m.luv_dev_title({}, o)}>
              <p>{m.luv_dev_hint({}, o)}</p>
              <div className="luv-actions">
                {payment.method === 'virtualaccount' ? (
                  <button type="button" className="flx-button flx-button--small" onClick={() => void paymentAction('deposit')} disabled={busy}>
                    {m.luv_dev_deposit({}, o)}
                  </button>
                ) : (
                  <button type="button" className="flx-button flx-button--small" onClick={() => void paymentAction('approve')} disabled={busy}>
                    {m.luv_dev_approve({}, o)}
                  </button>
                )}
                <button type="button" className="flx-button flx-button--small" onClick={() => void paymentAction('fail')} disabled={busy}>
                  {m.luv_dev_fail({}, o)}
                </button>
                <button type="button" className="flx-button flx-button--small" onClick={() => void paymentAction('cancel')} disabled={busy}>
                  {m.luv_dev_cancel({}, o)}
                </button>
              </div>
            </div>
          )}
        </section>
      )}
      <form className="luv-card luv-form" onSubmit={(e) => void submitCoupon(e)} aria-labelledby="luv-coupon-title">
        <h2 id="luv-coupon-title">{m.luv_coupon_title({}, o)}</h2>
        <label>
          {m.luv_coupon_number({}, o)}
          <input type="text" value={coupon} onChange={(e) => setCoupon(e.target.value)} maxLength={64} autoComplete="off" />
        </label>
        <button type="submit" className="flx-button" disabled={!coupon.trim() || session.status !== 'member'}>
          {m.luv_coupon_use({}, o)}
        </button>
        {couponDone && (
          <p className="luv-ok" role="status">
            {couponDone}
          </p>
        )}
      </form>
      {error && (
        <p className="luv-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
