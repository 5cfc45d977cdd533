/**
 * Picks the gateway for the environment. Production needs a real PortOne integration configured
 * by env, which this reference implementation does not ship: it refuses to start the shop there
 * rather than approve payments nobody checked.
 */
import type { Config } from '../../config.ts';
import { DevelopmentGateway } from './development.ts';
import type { PaymentGateway } from './gateway.ts';

let development: DevelopmentGateway | null = null;

export function developmentGateway(): DevelopmentGateway {
  return (development ??= new DevelopmentGateway());
}

export function paymentGateway(config: Config): PaymentGateway | null {
  return config.platformEnv === 'production' ? null : developmentGateway();
}
