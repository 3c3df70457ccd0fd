import Stripe from 'stripe';
import type { GatewayProvider } from '../payment-gateway.js';
import { STRIPE_KEYS, isStripeTestEnvironment, readStripeConfig, stripeProductionProblems, stripePublicConfig } from './stripe-config.js';
import { createStripeGateway } from './stripe-gateway.js';

/** Stripe, when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set (adapters.ts). */
export const STRIPE_PROVIDER: GatewayProvider<'stripe'> = {
  name: 'stripe',
  method: 'credit-card',
  cardEntry: 'hosted',
  title: 'Credit Card',
  // no answer, its own timeout included (its 5xx and 429 carry `statusCode`, which the generic rule reads)
  isFailure: (error) => error instanceof Stripe.errors.StripeConnectionError,
  keys: STRIPE_KEYS,
  create: (env) => createStripeGateway(readStripeConfig(env)),
  publicConfig: stripePublicConfig,
  isTestEnvironment: isStripeTestEnvironment,
  productionProblems: stripeProductionProblems,
};
