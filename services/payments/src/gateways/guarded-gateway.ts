import { UpstreamCircuitOpenError, type UpstreamBreaker } from '@storefront/service-kit';
import type { PaymentGateway } from './payment-gateway.js';

/**
 * A real provider's adapter behind its breaker, applied once in the registry so no
 * adapter carries it. Every call to the provider goes through `breaker`: while the provider keeps
 * failing (provider-failures.ts says what counts) a call is refused with UpstreamCircuitOpenError
 * before the adapter sends anything, so nothing can be charged; the flow answers that the provider
 * is unavailable (payment-attempts/attempt-start.ts). The breaker adds no bound of its own: each adapter's SDK
 * timeout and the flow's PAYMENTS_GATEWAY_TIMEOUT_MS stay what bounds a call.
 *
 * One breaker call per adapter method, not per HTTP request: a method that makes several requests
 * (Stripe's create then confirm, Authorize.Net's lookup then charge) is refused whole or run whole.
 *
 * parseWebhook is not counted (Stripe and Authorize.Net check signatures locally; a success there
 * says nothing about the provider's API) but is refused while the breaker is open: the event is then
 * answered 503 and the provider sends it again later, when asking it about the payment can work.
 */
export function guardedByBreaker(gateway: PaymentGateway, breaker: UpstreamBreaker): PaymentGateway {
  const changeAmount = gateway.changeAmount?.bind(gateway);
  return {
    name: gateway.name,
    sandbox: gateway.sandbox,
    testMode: gateway.testMode,
    initiate: (input) => breaker.run(() => gateway.initiate(input)),
    confirm: (id, proof) => breaker.run(() => gateway.confirm(id, proof)),
    capture: (id) => breaker.run(() => gateway.capture(id)),
    getStatus: (id) => breaker.run(() => gateway.getStatus(id)),
    findByReference: (reference) => breaker.run(() => gateway.findByReference(reference)),
    cancel: (id) => breaker.run(() => gateway.cancel(id)),
    refund: (id, input) => breaker.run(() => gateway.refund(id, input)),
    ...(changeAmount ? { changeAmount: (id: string, amount: Parameters<typeof changeAmount>[1]) => breaker.run(() => changeAmount(id, amount)) } : {}),
    update: (id, changes) => breaker.run(() => gateway.update(id, changes)),
    parseWebhook: async (request) => {
      if (breaker.refusing) throw new UpstreamCircuitOpenError(breaker.upstream);
      return gateway.parseWebhook(request);
    },
  };
}
