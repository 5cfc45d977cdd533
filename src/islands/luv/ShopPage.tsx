import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { trackPurchase } from '../../lib/tracking.ts';
import { m } from '../../paraglide/messages.js';
import { useMember } from '../my/use-member.ts';
import { intentKey, luvApi, type Payment, type Product } from './api.ts';
import { luvErrorText, won } from './errors.ts';
import { METHODS, methodLabel, paymentStatusLabel } from './labels.ts';
import './luv.css';

/** The luv shop: products, a payment method, the payment's status as it moves (SPEC §4). */
export default function ShopPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const [products, setProducts] = useState<Product[]>([]);
  const [productId, setProductId] = useState<number | null>(null);
  const [method, setMethod] = useState<string>('kakaopay');
  const [balance, setBalance] = useState<number | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [devGateway, setDevGateway] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [coupon, setCoupon] = useState('');
  const [couponDone, setCouponDone] = useState('');
  const buyKey = useRef(intentKey());
  const couponKey = useRef(intentKey());
  const tracked = useRef(new Set<string>());

  useEffect(() => {
    luvApi.products().then(
      (r) => {
        setProducts(r.products);
        setProductId(r.products[0]?.productId ?? null);
      },
      (e) => setError(luvErrorText(e, locale)),
    );
  }, []);
  useEffect(() => {
    if (session.status === 'member') void luvApi.balance().then((b) => setBalance(b.luv));
  }, [session.status]);

  function showPayment(p: Payment) {
    setPayment(p);
    if (p.status === 9 && !tracked.current.has(p.paymentId)) {
      tracked.current.add(p.paymentId);
      trackPurchase({ transactionId: p.paymentId, value: p.amountWon });
      void luvApi.balance().then((b) => setBalance(b.luv));
    }
  }

  async function buy(e: React.FormEvent) {
    e.preventDefault();
    if (productId === null) return;
    setBusy(true);
    setError('');
    try {
      const r = await luvApi.startPayment(productId, method, buyKey.current.current());
      buyKey.current.settle();
      setDevGateway(r.gateway === 'development');
      showPayment((await luvApi.payment(r.paymentId)).payment);
    } catch (err) {
      setError(luvErrorText(err, locale));
    } finally {
      setBusy(false);
    }
  }

  async function act(action: 'approve' | 'deposit' | 'cancel' | 'fail' | 'refresh') {
    if (!payment) return;
    setBusy(true);
    setError('');
    try {
      if (action !== 'refresh') await luvApi.devOutcome(payment.paymentId, action);
      showPayment((await luvApi.payment(payment.paymentId)).payment);
    } catch (err) {
      setError(luvErrorText(err, locale));
    } finally {
      setBusy(false);
    }
  }

  async function useCoupon(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      const r = await luvApi.useCoupon(coupon.replace(/\s+/g, ''), couponKey.current.current());
      couponKey.current.settle();
      setBalance(r.balance);
      setCouponDone(m.luv_coupon_done({ amount: r.luv, currency }, o));
      setCoupon('');
    } catch (err) {
      couponKey.current.settle();
      setError(luvErrorText(err, locale));
    }
  }

  const open = payment && [0, 1, 2].includes(payment.status);
  return (
    <div className="luv-page">
      {balance !== null && (
        <p className="luv-balance">
          {m.luv_balance({ currency }, o)} <strong data-testid="luv-balance">{won(balance, locale)}</strong>
        </p>
      )}
      <form className="luv-card luv-form" onSubmit={(e) => void buy(e)} aria-labelledby="luv-shop-products">
        <h2 id="luv-shop-products">{m.luv_shop_products({ currency }, o)}</h2>
        <fieldset className="luv-products">
          <legend>{m.luv_shop_pick({ currency }, o)}</legend>
          {products.map((p) => (
            <label key={p.productId} className="luv-product">
              <input type="radio" name="product" checked={productId === p.productId} onChange={() => setProductId(p.productId)} />
              {m.luv_shop_product({ amount: won(p.luv, locale), currency, price: won(p.priceWon, locale) }, o)}
            </label>
          ))}
        </fieldset>
        <label>
          {m.luv_shop_method({}, o)}
          <select value={method} onChange={(e) => setMethod(e.target.value)}>
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
            <button type="button" className="flx-button flx-button--small" onClick={() => void act('refresh')} disabled={busy}>
              {m.luv_payment_refresh({}, o)}
            </button>
          </div>
          {devGateway && open && (
            <div className="luv-dev" role="group" aria-label={m.luv_dev_title({}, o)}>
              <p>{m.luv_dev_hint({}, o)}</p>
              <div className="luv-actions">
                {payment.method === 'virtualaccount' ? (
                  <button type="button" className="flx-button flx-button--small" onClick={() => void act('deposit')} disabled={busy}>
                    {m.luv_dev_deposit({}, o)}
                  </button>
                ) : (
                  <button type="button" className="flx-button flx-button--small" onClick={() => void act('approve')} disabled={busy}>
                    {m.luv_dev_approve({}, o)}
                  </button>
                )}
                <button type="button" className="flx-button flx-button--small" onClick={() => void act('fail')} disabled={busy}>
                  {m.luv_dev_fail({}, o)}
                </button>
                <button type="button" className="flx-button flx-button--small" onClick={() => void act('cancel')} disabled={busy}>
                  {m.luv_dev_cancel({}, o)}
                </button>
              </div>
            </div>
          )}
        </section>
      )}
      <form className="luv-card luv-form" onSubmit={(e) => void useCoupon(e)} aria-labelledby="luv-coupon-title">
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
