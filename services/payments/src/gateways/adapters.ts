import type { GatewayName, PaymentGateway } from './payment-gateway.js';

/**
 * The real gateway adapters, listed once: a gateway with its keys set (GATEWAY_KEYS in
 * gateway-registry.ts) runs on the adapter named here; without keys it runs on the sandbox (in
 * development; production refuses that unless PAYMENTS_SANDBOX=allow). Adding a gateway is one
 * folder under gateways/ (its adapter, passing testing/gateway-adapter-suite.ts) and one line here.
 */
export const REAL_ADAPTERS: { readonly [G in GatewayName]?: { create(env: Record<string, string | undefined>): PaymentGateway } } = {};
