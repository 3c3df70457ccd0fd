import type { PaymentMethod } from '@storefront/contracts';
import { authorizeNetProvider } from './authorizenet/authorizenet-gateway.js';
import type { GatewayName, PaymentGateway } from './payment-gateway.js';
import { PAYPAL_PROVIDER } from './paypal/paypal-provider.js';
import { STRIPE_PROVIDER } from './stripe/stripe-provider.js';

export type Env = Record<string, string | undefined>;

/** What the browser may know of a gateway: public keys and script URLs, never a secret. */
export type PublicGatewayConfig = NonNullable<PaymentMethod['config']>;

/**
 * A real provider behind the payment core: one folder under gateways/ (its adapter passing
 * testing/gateway-adapter-suite.ts against its stand-in) and one entry in REAL_ADAPTERS.
 */
export interface GatewayProvider {
  /**
   * The environment variables that switch the gateway from the sandbox to this provider: none set
   * is the sandbox, all set is the provider, some set is a configuration error that names the rest.
   */
  readonly keys: readonly string[];
  /** The adapter (throws EnvConfigError naming a variable whose value it cannot use). */
  create(env: Env): PaymentGateway;
  /** What GET /api/payment-methods hands the browser for this gateway's methods (spec §3 config). */
  publicConfig(env: Env): PublicGatewayConfig;
  /** The provider's own test environment is configured (no money moves): see PaymentGateway.testMode. */
  isTestEnvironment(env: Env): boolean;
  /**
   * What production refuses in this provider's settings, each naming its variable (a missing webhook
   * secret, a plain-http API base URL, ...). Called only with the provider's keys set.
   */
  productionProblems(env: Env): string[];
}

/**
 * The real gateway adapters, listed once: a gateway with its keys set runs on the provider named
 * here; without keys it runs on the sandbox (in development; production refuses that unless
 * PAYMENTS_SANDBOX=allow).
 */
export const REAL_ADAPTERS: { readonly [G in GatewayName]?: GatewayProvider } = {
  paypal: PAYPAL_PROVIDER,
  authorizenet: authorizeNetProvider,
  stripe: STRIPE_PROVIDER,
};
