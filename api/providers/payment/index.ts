/**
 * Picks the gateway the configuration names (api/providers/payment/settings.ts): PortOne, the
 * development simulator, or none (production without PAYMENT_GATEWAY: callers answer that payments
 * are not configured rather than approve payments nobody checked).
 */
import type { Config } from '../../config.ts';
import { DevelopmentGateway } from './development.ts';
import type { PaymentGateway } from './gateway.ts';
import { PortOneGateway } from './portone.ts';

let development: DevelopmentGateway | null = null;
const portone = new WeakMap<object, PortOneGateway>();

export function developmentGateway(): DevelopmentGateway {
  return (development ??= new DevelopmentGateway());
}

export function paymentGateway(config: Config): PaymentGateway | null {
  const settings = config.payment;
  if (settings.gateway === 'development') return developmentGateway();
  if (settings.gateway === 'none') return null;
  let gateway = portone.get(settings.portone);
  if (!gateway) portone.set(settings.portone, (gateway = new PortOneGateway(settings.portone)));
  return gateway;
}
