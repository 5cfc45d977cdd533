/**
 * Picks the gateway the configuration names (api/providers/payment/settings.ts): PortOne, the
 * development simulator, or none (production without PAYMENT_GATEWAY: callers answer that payments
 * are not configured rather than approve payments nobody checked).
 */
import type { Config } from '../../config.ts';
import { DevelopmentGateway } from './development.ts';
import type { PaymentGateway } from './gateway.ts';
import { PortOneGateway } from './portone.ts';

/** A new gateway for `config` (api/services.ts builds one per app: `deps.payment`). */
export function createPaymentGateway(config: Pick<Config, 'payment'>): PaymentGateway | null {
  const settings = config.payment;
  if (settings.gateway === 'development') return new DevelopmentGateway();
  if (settings.gateway === 'none') return null;
  return new PortOneGateway(settings.portone);
}
