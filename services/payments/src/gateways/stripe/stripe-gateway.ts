import Stripe from 'stripe';
import { sameSecret } from '../../payments/gateway-calls.js';
import { cardPayment, initiateCardIntent, type CardIntentOperations, type ProviderIntent } from '../card-intents/card-intent-flow.js';
import {
  GatewayDeclined,
  GatewayLookupError,
  WebhookSignatureError,
  type GatewayWebhookEvent,
  type InitiateInput,
  type NeutralRefundStatus,
  type PaymentGateway,
  type WebhookRequest,
} from '../payment-gateway.js';
import { stripeKeyMode, type StripeConfig } from './stripe-config.js';

/** The metadata key our attempt's reference is kept under (findByReference searches for it). */
export const REFERENCE_METADATA_KEY = 'reference';
/** The only metadata a caller may change afterwards (spec section 7, PATCH payment-intent): never the reference. */
const UPDATABLE_METADATA = ['orderId', 'orderIncrementId', 'paymentId', 'quoteId'] as const;
/** Every intent comes back with its payment method, for the card's brand and last four digits. */
const EXPAND = ['payment_method'];

/**
 * The SDK retries a request that got no answer or a 409/5xx. That is safe only because every POST
 * carries an idempotency key: ours for create (the attempt's reference), confirm (reference +
 * ':confirm') and refunds (the refund's own reference, so a refund repeated by our caller is one
 * refund too), the SDK's own per call for the others, so a retried POST replays Stripe's first
 * answer instead of charging, capturing or refunding again.
 */
const MAX_NETWORK_RETRIES = 2;

type Intent = Stripe.PaymentIntent;

/** Card brands a method's availableMethods may list (spec 3): to Stripe they are all one type, card. */
const CARD_BRANDS = new Set(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'cartes_bancaires', 'eftpos_au', 'interac']);

/**
 * The Payment Element's payment_method_types from the method's availableMethods: card brands are
 * Stripe's `card`, anything else (link, klarna, us_bank_account…) is Stripe's own type name. None
 * listed: Stripe's automatic payment methods (the Dashboard's choice).
 */
export function paymentMethodTypes(available: readonly string[] | undefined): string[] | null {
  if (!available?.length) return null;
  return [...new Set(available.map((entry) => (CARD_BRANDS.has(entry) ? 'card' : entry)))];
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** The intent in the card-intent flow's words (card-intent-flow turns it into neutral ones). */
function providerIntent(intent: Intent): ProviderIntent {
  const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : null;
  const redirect = intent.next_action?.redirect_to_url?.url ?? null;
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    redirectUrl: intent.status === 'requires_action' ? redirect : null,
    lastError: intent.last_payment_error ? (intent.last_payment_error.message ?? intent.last_payment_error.code ?? 'Payment failed') : null,
    card: method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null,
    metadata: { ...intent.metadata },
  };
}

/** A refused request (a decline, a payment in a state that does not allow the call): the payment as it stands, if Stripe sent it. */
function declined(error: Stripe.errors.StripeError): GatewayDeclined {
  const intent = error.payment_intent;
  return new GatewayDeclined(error.message, intent ? cardPayment(providerIntent(intent)) : undefined);
}

/**
 * Stripe's errors in the gateway's words: an unknown id is a lookup error; a card error or a request
 * Stripe refused (400/402) is a decline with Stripe's message; anything else (a 5xx, a timeout, a
 * connection refused, a wrong key, an idempotency conflict) is thrown as it is, which the flow
 * records as unknown and settles by asking again, never as failed.
 */
async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    if (error.statusCode === 404 || error.code === 'resource_missing') throw new GatewayLookupError(error.message);
    if (error.type === 'StripeCardError' || (error.type === 'StripeInvalidRequestError' && (error.statusCode === 400 || error.statusCode === 402))) throw declined(error);
    throw error;
  }
}

/** A Stripe refund's status in neutral words: succeeded is done; pending and requires_action are not yet; failed and canceled never will be. */
function refundStatus(status: string | null): NeutralRefundStatus {
  if (status === 'succeeded') return 'completed';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The Stripe SDK client, pointed at STRIPE_API_BASE_URL when set (a stand-in in tests). */
export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.api ?? {}),
    timeout: config.timeoutMs,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'storefront-payments' },
  });
}

/**
 * Stripe behind the payment core: PaymentIntents through the official SDK, run by the spec's card
 * intent handling (card-intent-flow.ts, which the sandbox card gateway shares). With a card token
 * (a PaymentMethod made by Stripe Elements in the shopper's browser) the intent is created and
 * confirmed at once; without one (the Payment Element) it waits for Stripe.js to confirm it with
 * the client secret. Our attempt's reference is the create's idempotency key and sits in the
 * intent's metadata, where reconciliation finds it with the Search API.
 */
export function createStripeGateway(config: StripeConfig, client: Stripe = stripeClient(config)): PaymentGateway {
  const intents = client.paymentIntents;
  const retrieve = (id: string) => stripeCall(() => intents.retrieve(id, { expand: EXPAND }));

  /** The intent flow's steps for one initiate (the confirm's idempotency key is the reference's). */
  const operations = (input: InitiateInput): CardIntentOperations => ({
    create: async () => {
      const created = await stripeCall(() =>
        intents.create(
          {
            amount: input.amount,
            currency: input.currency,
            ...(input.paymentToken
              ? { payment_method: input.paymentToken, payment_method_types: ['card'] }
              : paymentMethodTypes(input.availableMethods)
                ? { payment_method_types: paymentMethodTypes(input.availableMethods)! }
                : { automatic_payment_methods: { enabled: true } }),
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            ...(input.metadata.orderIncrementId ? { description: `Order ${input.metadata.orderIncrementId}` } : {}),
            metadata: { ...input.metadata, [REFERENCE_METADATA_KEY]: input.reference },
            expand: EXPAND,
          },
          { idempotencyKey: input.reference },
        ),
      );
      // A replayed create (the same reference again, after a crash or a timeout) answers the intent
      // as it was first created: carry on from where it is now instead (paid, declined, on 3-D Secure).
      if (created.lastResponse?.headers?.['idempotent-replayed'] === 'true') return providerIntent(await retrieve(created.id));
      return providerIntent(created);
    },
    confirm: async (id, paymentToken) => {
      try {
        return providerIntent(
          await stripeCall(() =>
            intents.confirm(id, { payment_method: paymentToken, return_url: config.returnUrl, expand: EXPAND }, { idempotencyKey: `${input.reference}:confirm` }),
          ),
        );
      } catch (error) {
        // a declined card: the intent waits for another card with Stripe's message; the flow fails the payment
        if (error instanceof GatewayDeclined && error.payment && error.payment.rawStatus === 'requires_payment_method') {
          return { ...providerIntent(await retrieve(id)), lastError: error.message };
        }
        throw error;
      }
    },
    capture: async (id) => providerIntent(await stripeCall(() => intents.capture(id, { expand: EXPAND }))),
    retrieve: async (id) => providerIntent(await retrieve(id)),
  });

  const current = async (id: string) => cardPayment(providerIntent(await retrieve(id)));

  return {
    name: 'stripe',
    sandbox: false,
    testMode: stripeKeyMode(config.secretKey) === 'test',
    initiate: (input) => initiateCardIntent(operations(input), input),
    confirm: async (id, proof) => {
      let intent = await retrieve(id);
      if (proof?.clientSecret !== undefined && !sameSecret(proof.clientSecret, intent.client_secret ?? '')) {
        throw new GatewayLookupError('The payment intent client secret does not match.');
      }
      // spec section 4: an intent that requires capture (after 3-D Secure, on manual capture) is captured
      if (intent.status === 'requires_capture') intent = await stripeCall(() => intents.capture(id, { expand: EXPAND }));
      return cardPayment(providerIntent(intent));
    },
    capture: async (id) => cardPayment(providerIntent(await stripeCall(() => intents.capture(id, { expand: EXPAND })))),
    getStatus: current,
    findByReference: async (reference) => {
      // Stripe's search is eventually consistent (new intents show within about a minute); reconciliation only asks after that
      const found = await stripeCall(() =>
        intents.search({ query: `metadata['${REFERENCE_METADATA_KEY}']:'${reference.replace(/'/g, "\\'")}'`, limit: 1, expand: ['data.payment_method'] }),
      );
      const intent = found.data[0];
      return intent ? cardPayment(providerIntent(intent)) : null;
    },
    cancel: async (id) => {
      try {
        return cardPayment(providerIntent(await stripeCall(() => intents.cancel(id, { cancellation_reason: 'abandoned', expand: EXPAND }))));
      } catch (error) {
        // already paid or already canceled: the payment as it stands says so
        if (error instanceof GatewayDeclined) return current(id);
        throw error;
      }
    },
    refund: async (id, input) => {
      // our refund's reference is the idempotency key: Stripe answers a repeat (same key, same
      // parameters) with the refund it first made, and refuses the key with other parameters
      const refund = await stripeCall(() => client.refunds.create({ payment_intent: id, amount: input.amount }, { idempotencyKey: input.reference }));
      const status = refundStatus(refund.status);
      return { id: refund.id, status, amount: refund.amount, message: status === 'completed' ? null : (refund.failure_reason ?? refund.pending_reason ?? null) };
    },
    // a changed order total on an intent still waiting for the shopper (Stripe refuses it once confirmed)
    changeAmount: async (id, amount) => cardPayment(providerIntent(await stripeCall(() => intents.update(id, { amount, expand: EXPAND })))),
    update: async (id, changes) => {
      const metadata = Object.fromEntries(UPDATABLE_METADATA.flatMap((key) => (typeof changes.metadata[key] === 'string' ? [[key, changes.metadata[key]]] : [])));
      return cardPayment(providerIntent(await stripeCall(() => intents.update(id, { metadata, expand: EXPAND }))));
    },
    parseWebhook: async (request: WebhookRequest): Promise<GatewayWebhookEvent> => {
      if (!config.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: no Stripe webhook can be verified.');
      const header = request.headers['stripe-signature'];
      if (typeof header !== 'string' || !header) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(request.rawBody, header, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'The Stripe webhook signature does not match.');
      }
      const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
      const paymentId =
        object.object === 'payment_intent' && typeof object.id === 'string'
          ? object.id
          : typeof object.payment_intent === 'string'
            ? object.payment_intent
            : null;
      return { id: event.id, type: event.type, paymentId };
    },
  };
}
