import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $luvBalance, loadBalance } from '../../stores/luv.ts';
import { returnUrl } from '../../lib/portone-window.ts';
import {
  $shop,
  buy,
  cancelPayment,
  chooseMethod,
  chooseProduct,
  loadProducts,
  redeemCoupon,
  refreshPayment,
  resumeAfterWindow,
  type Payment,
} from '../../stores/luv-shop.ts';
import { useMember } from '../ui/use-member.ts';
import { METHODS, methodLabel, paymentFailureText, paymentStatusLabel } from './labels.ts';
import { CreditCard } from 'lucide';
import { FormMessage } from '../ui/FormMessage.tsx';
import { Icon } from '../ui/Icon.tsx';
import './luv.css';

/** The luv shop: products, a payment method, PortOne's window, the payment's status as it moves (SPEC §4). */
export default function ShopPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const { payment, failure } = useStore($shop);
  const balance = useStore($luvBalance);

  useEffect(() => void loadProducts(), []);
  // Back from PortOne's redirection window: complete the payment it names, then clean the address.
  useEffect(() => {
    if (resumeAfterWindow(location.search)) history.replaceState(history.state, '', returnUrl());
  }, []);
  useEffect(() => {
    if (session.status === 'member') void loadBalance();
  }, [session.status]);

  const member = session.status === 'member';
  return (
    <div className="luv-page">
      {balance !== null && (
        <p className="luv-balance">
          {m.luv_balance({ currency }, o)} <strong data-testid="luv-balance">{won(balance, locale)}</strong>
        </p>
      )}
      <ProductsForm locale={locale} currency={currency} member={member} />
      {payment && <PaymentCard locale={locale} currency={currency} payment={payment} />}
      <CouponForm locale={locale} currency={currency} member={member} />
      <FormMessage className="luv-error">{failure ? failureText(failure, locale) : ''}</FormMessage>
    </div>
  );
}

interface PartProps {
  locale: Locale;
  currency: string;
  /** Guests see the shop but cannot buy or redeem. */
  member: boolean;
}

/** The products, the payment method and the buy button (off while the platform takes no payments). */
function ProductsForm({ locale, currency, member }: PartProps) {
  const o = { locale };
  const { products, productId, method, paymentsAvailable, busy } = useStore($shop);
  return (
    <form
      className="luv-card luv-form"
      onSubmit={(e) => {
        e.preventDefault();
        void buy();
      }}
      aria-labelledby="luv-shop-products"
    >
      <h2 id="luv-shop-products">{m.luv_shop_products({ currency }, o)}</h2>
      <fieldset className="luv-products flx-segmented">
        <legend>{m.luv_shop_pick({ currency }, o)}</legend>
        {products.map((p) => (
          <label key={p.productId} className="luv-product">
            <input
              type="radio"
              name="product"
              checked={productId === p.productId}
              onChange={() => chooseProduct(p.productId)}
            />
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
      {paymentsAvailable === false && (
        <p className="luv-muted" role="status">
          {m.luv_payment_not_configured({ currency }, o)}
        </p>
      )}
      <button
        type="submit"
        className="flx-button flx-button--primary"
        disabled={busy || productId === null || !member || paymentsAvailable === false}
      >
        <Icon node={CreditCard} />
        {m.luv_shop_buy({}, o)}
      </button>
    </form>
  );
}

/** The payment under way: its status as it moves, why it failed, and refresh, cancel (and the dev gateway). */
function PaymentCard({ locale, currency, payment }: { locale: Locale; currency: string; payment: Payment }) {
  const o = { locale };
  const { windowMessage, notCompleted, devGateway, busy } = useStore($shop);
  const notice = paymentFailureText(payment.failureCode, locale, currency);
  const small = 'flx-button flx-button--small';
  const devQuery = new URLSearchParams({ redirectUrl: returnUrl() });
  const devWindow = `/api/dev/payments/${encodeURIComponent(payment.paymentId)}?${devQuery}`;
  return (
    <section className="luv-card" aria-labelledby="luv-payment-title" aria-live="polite">
      <h2 id="luv-payment-title">{m.luv_payment_title({}, o)}</h2>
      <p>{m.luv_payment_id({ id: payment.paymentId }, o)}</p>
      <p>
        {m.luv_payment_status({}, o)}{' '}
        <strong data-testid="payment-status">{paymentStatusLabel(payment.status, locale)}</strong>
      </p>
      {notice && <p data-testid="payment-failure">{notice}</p>}
      {payment.failureCode === 'pg_failed' && payment.failureNote && (
        <p className="luv-muted">{m.luv_payment_gateway_said({ reason: payment.failureNote }, o)}</p>
      )}
      {notCompleted && <p data-testid="payment-failure">{m.luv_payment_not_completed({}, o)}</p>}
      {payment.status === 9 && payment.refundPending && (
        <p data-testid="payment-refund-pending">{m.luv_payment_refund_pending({ currency }, o)}</p>
      )}
      {notCompleted && windowMessage && (
        <p className="luv-muted">{m.luv_payment_gateway_said({ reason: windowMessage }, o)}</p>
      )}
      {payment.status === 2 && payment.virtualAccount && <VirtualAccountCard payment={payment} locale={locale} />}
      <div className="luv-actions">
        <button type="button" className={small} onClick={() => void refreshPayment()} disabled={busy}>
          {m.luv_payment_refresh({}, o)}
        </button>
        {[0, 1, 2, 9].includes(payment.status) && !payment.refundPending && (
          <button type="button" className={small} onClick={() => void cancelPayment()} disabled={busy}>
            {m.luv_payment_cancel({}, o)}
          </button>
        )}
        {devGateway && payment.status === 2 && (
          <a className={small} href={devWindow}>
            {m.luv_dev_window({}, o)}
          </a>
        )}
      </div>
    </section>
  );
}

/** A coupon number, redeemed for luv; the field empties once it is. */
function CouponForm({ locale, currency, member }: PartProps) {
  const o = { locale };
  const { couponLuv } = useStore($shop);
  const [coupon, setCoupon] = useState('');
  async function submitCoupon(e: React.FormEvent) {
    e.preventDefault();
    if (await redeemCoupon(coupon)) setCoupon('');
  }
  const couponDone = couponLuv === null ? '' : m.luv_coupon_done({ amount: couponLuv, currency }, o);
  return (
    <form className="luv-card luv-form" onSubmit={(e) => void submitCoupon(e)} aria-labelledby="luv-coupon-title">
      <h2 id="luv-coupon-title">{m.luv_coupon_title({}, o)}</h2>
      <label>
        {m.luv_coupon_number({}, o)}
        <input
          type="text"
          value={coupon}
          onChange={(e) => setCoupon(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
      </label>
      <button type="submit" className="flx-button" disabled={!coupon.trim() || !member}>
        {m.luv_coupon_use({}, o)}
      </button>
      {couponDone && (
        <p className="luv-ok" role="status">
          {couponDone}
        </p>
      )}
    </form>
  );
}

/** Where to pay a virtual account, and by when. */
function VirtualAccountCard({ payment, locale }: { payment: Payment; locale: Locale }) {
  const o = { locale };
  const va = payment.virtualAccount!;
  const deadline = va.expiresAt
    ? new Date(va.expiresAt).toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US', { timeZone: 'Asia/Seoul' })
    : null;
  return (
    <div className="luv-va" role="group" aria-label={m.luv_payment_va_title({}, o)}>
      <h3>{m.luv_payment_va_title({}, o)}</h3>
      <dl>
        {va.bank && (
          <>
            <dt>{m.luv_payment_va_bank({}, o)}</dt>
            <dd>{va.bank}</dd>
          </>
        )}
        <dt>{m.luv_payment_va_account({}, o)}</dt>
        <dd data-testid="va-account">{va.accountNumber}</dd>
        {va.holder && (
          <>
            <dt>{m.luv_payment_va_holder({}, o)}</dt>
            <dd>{va.holder}</dd>
          </>
        )}
        {deadline && (
          <>
            <dt>{m.luv_payment_va_deadline({}, o)}</dt>
            <dd>{deadline}</dd>
          </>
        )}
      </dl>
      <p className="luv-muted">{m.luv_payment_va_hint({}, o)}</p>
    </div>
  );
}
