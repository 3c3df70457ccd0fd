import type { GatewayProvider } from '../adapters.js';
import { STRIPE_KEYS, isStripeTestEnvironment, readStripeConfig, stripeProductionProblems, stripePublicConfig } from './stripe-config.js';
import { createStripeGateway } from './stripe-gateway.js';

/** Stripe, when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set (adapters.ts). */
export const STRIPE_PROVIDER: GatewayProvider = {
  keys: STRIPE_KEYS,
  create: (env) => createStripeGateway(readStripeConfig(env)),
  publicConfig: stripePublicConfig,
  isTestEnvironment: isStripeTestEnvironment,
  productionProblems: stripeProductionProblems,
};
