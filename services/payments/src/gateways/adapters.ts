import { authorizeNetProvider } from './authorizenet/authorizenet-provider.js';
import type { GatewayName, GatewayProvider } from './payment-gateway.js';
import { PAYPAL_PROVIDER } from './paypal/paypal-provider.js';
import { STRIPE_PROVIDER } from './stripe/stripe-provider.js';

/**
 * The real gateway adapters, listed once: a gateway with its keys set runs on the provider named
 * here; without keys it runs on the sandbox (in development; production refuses that unless
 * PAYMENTS_SANDBOX=allow).
 */
export const REAL_ADAPTERS: { readonly [G in GatewayName]: GatewayProvider<G> } = {
  stripe: STRIPE_PROVIDER,
  authorizenet: authorizeNetProvider,
  paypal: PAYPAL_PROVIDER,
};

/** The gateways a payment can be routed to: the registry's names, in its order. */
export const GATEWAY_NAMES = Object.keys(REAL_ADAPTERS) as GatewayName[];

export function isGatewayName(value: unknown): value is GatewayName {
  return typeof value === 'string' && Object.hasOwn(REAL_ADAPTERS, value);
}
