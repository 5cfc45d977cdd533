/**
 * The payment gateway interface, shaped after PortOne V2 (docs/LEDGER.md "PortOne V2 flow"). The
 * API never trusts a browser about money: what happened to a payment is what `lookup()` answers,
 * asked after the browser step ("complete") and after every verified webhook. Implementations:
 * `PortOneGateway` (production, `@portone/server-sdk`) and `DevelopmentGateway` (offline simulator).
 */
/** What the browser SDK's `PortOne.requestPayment()` takes (`@portone/browser-sdk/v2`), as the API hands it out. */
export type CheckoutRequest = {
  storeId: string;
  channelKey: string;
  paymentId: string;
  orderName: string;
  totalAmount: number;
  currency: 'KRW';
  payMethod: 'CARD' | 'VIRTUAL_ACCOUNT' | 'TRANSFER' | 'MOBILE' | 'EASY_PAY';
  easyPay?: { easyPayProvider: 'KAKAOPAY' };
  virtualAccount?: { accountExpiry: { validHours: number } };
  /** Carrier billing needs the product type; luv is a digital good. */
  productType?: 'DIGITAL';
  customer?: { customerId: string };
};

export interface CheckoutInput {
  paymentId: string;
  amountWon: number;
  /** One of SPEC §3's methods (domain/enums.ts PaymentMethod); another is refused (`gateway_refused`). */
  method: string;
  /** Shown in the payment window and on the buyer's receipt; defaults to the payment id. */
  orderName?: string;
  /** The member's id, so PortOne's console and billing keys name the buyer. */
  customerId?: string;
}

export type GatewayFailure = 'gateway_unavailable' | 'gateway_refused';

export type CheckoutResult =
  | { ok: true; providerTxId: string; status: 1; checkout: CheckoutRequest }
  | { ok: false; code: GatewayFailure; note: string };

export interface VirtualAccount {
  bank: string | null;
  accountNumber: string;
  holder: string | null;
  expiresAt: string | null;
}

/** A payment as the gateway reports it now. Amounts are the order's total in won (PortOne `amount.total`). */
export type PaymentReport =
  | { status: 'not_found' }
  /** READY or PAY_PENDING: the buyer has not finished the browser step. */
  | { status: 'ready' }
  | { status: 'virtual_account_issued'; amountWon: number; currency: string; account: VirtualAccount | null }
  | {
      status: 'paid';
      amountWon: number;
      /** What the buyer paid, and what promotions took off: `paidWon + discountWon = amountWon` when paid in full. */
      paidWon: number;
      discountWon: number;
      currency: string;
      paidAt: string;
      /** PortOne's payment method type (`PaymentMethodCard`, `PaymentMethodVirtualAccount` …), when known. */
      methodType: string | null;
      receiptUrl: string | null;
      billingKey: string | null;
    }
  | { status: 'failed'; note: string }
  /** CANCELLED, or PARTIAL_CANCELLED (`partial`), with the amount cancelled so far. */
  | { status: 'cancelled'; amountWon: number; cancelledWon: number; partial: boolean };

export type LookupResult = { ok: true; report: PaymentReport } | { ok: false; code: GatewayFailure; note: string };

/** A verified webhook. It names what changed, never what happened: ask `lookup()`. */
export interface WebhookNotice {
  /** Standard Webhooks `webhook-id`: the same on every retry of one message, so a replay is recognisable. */
  webhookId: string;
  /**
   * `Transaction.Paid`, `Transaction.VirtualAccountIssued`, `BillingKey.Issued` …; unknown types are to be acknowledged
   * and ignored.
   */
  type: string;
  /** RFC 3339 time of the event (the same on retries). */
  timestamp: string | null;
  paymentId: string | null;
  billingKey: string | null;
  cancellationId: string | null;
  storeId: string | null;
}

export type WebhookRefusal = 'missing_headers' | 'bad_signature' | 'stale' | 'malformed';
export type WebhookReading = { ok: true; notice: WebhookNotice } | { ok: false; reason: WebhookRefusal };

export interface CancelInput {
  paymentId: string;
  /**
   * The amount to give back: what was paid (a mismatched payment is cancelled in full); 0 closes an unpaid virtual
   * account.
   */
  amountWon: number;
  reason: string;
  requester?: 'CUSTOMER' | 'ADMIN';
}

export type CancelResult =
  /**
   * `cancelled`: refunded; `requested`: the PG refunds later (Transaction.Cancelled follows); `closed`: an unpaid
   * virtual account was closed.
   */
  | { ok: true; state: 'cancelled' | 'requested' | 'closed' }
  /** `not_paid`: nothing was paid and there is nothing to close; `not_found`: the gateway has no such payment. */
  | { ok: false; code: GatewayFailure | 'not_paid' | 'not_found'; note: string };

export interface ChargeInput {
  /** Also the gateway's idempotency key: charging the same id twice charges once. */
  paymentId: string;
  amountWon: number;
  memberId: number;
  /** The stored billing key; without one the charge is declined (`billing_key_missing`). */
  billingKey?: string;
  orderName?: string;
}

export type ChargeFailure = GatewayFailure | 'declined' | 'billing_key_missing' | 'billing_key_invalid';
export type ChargeResult = { ok: true } | { ok: false; code: ChargeFailure; note: string };

/** What the browser SDK's `PortOne.requestIssueBillingKey()` takes for a member's card. */
export type BillingKeyRequest = {
  storeId: string;
  channelKey: string;
  billingKeyMethod: 'CARD';
  issueId: string;
  issueName: string;
  customer: { customerId: string };
};

export type BillingKeyReport =
  | { status: 'issued'; billingKey: string; customerId: string | null }
  | { status: 'deleted' | 'not_found'; billingKey: string };
export type BillingKeyResult =
  | { ok: true; report: BillingKeyReport }
  | { ok: false; code: GatewayFailure; note: string };

export interface PaymentGateway {
  readonly name: 'development' | 'portone';
  /**
   * Where the browser loads PortOne's browser SDK from instead of PortOne's CDN (the development
   * simulator's stand-in, same origin); null for PortOne's own.
   */
  readonly browserSdkUrl: string | null;

  /**
   * Registers the amount with the gateway (PortOne pre-registration: a window with another amount is refused) and
   * answers the browser step's request.
   */
  checkout(input: CheckoutInput): Promise<CheckoutResult>;
  /** The payment as the gateway reports it now (PortOne `getPayment`): the only word about money the API takes. */
  lookup(paymentId: string): Promise<LookupResult>;
  /** Checks the Standard Webhooks signature and timestamp (±5 min) and reads the notice. */
  readWebhook(headers: Headers, rawBody: string): Promise<WebhookReading>;
  /** Gives the money back: refunds a paid payment, closes an unpaid virtual account. Cancelling twice is fine. */
  cancel(input: CancelInput): Promise<CancelResult>;
  /** Charges a stored billing key (subscription renewals). */
  chargeBillingKey(input: ChargeInput): Promise<ChargeResult>;
  /** What the browser step needs to issue a billing key for a member's card. */
  billingKeyRequest(memberId: number): BillingKeyRequest;
  /** A billing key as the gateway reports it: whose it is and whether it still charges. */
  billingKey(billingKey: string): Promise<BillingKeyResult>;
  /** Deletes a billing key (unsubscribing); deleting twice is fine. */
  deleteBillingKey(billingKey: string): Promise<{ ok: true } | { ok: false; code: GatewayFailure; note: string }>;
}
