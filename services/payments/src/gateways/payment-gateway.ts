import type { CardEntryKind, CardIntentStatus, PaymentMethod } from '@storefront/contracts';
import type { Cents } from '@storefront/money';
import type { PaymentProviderName } from '@storefront/topology';

/**
 * The gateways a payment can be routed to: the providers topology describes for the browser (script
 * URL, CSP). REAL_ADAPTERS (adapters.ts) is typed by it, so the compiler wants one provider per name,
 * and GATEWAY_NAMES is read from the registry.
 */
export type GatewayName = PaymentProviderName;

export type Env = Record<string, string | undefined>;

/** What the browser may know of a gateway: public keys and script URLs, never a secret. */
export type PublicGatewayConfig = NonNullable<PaymentMethod['config']>;

/**
 * A real provider behind the payment core, describing itself: one folder under gateways/ (its
 * adapter passing testing/gateway-adapter-suite.ts against its stand-in) and one entry in REAL_ADAPTERS.
 */
export interface GatewayProvider<G extends GatewayName = GatewayName> {
  readonly name: G;
  /** The checkout method its payments are recorded under: a card form, or a redirect to the provider (PayPal). */
  readonly method: 'credit-card' | 'online-payment';
  /** How the checkout takes a card for this gateway's methods (GET /api/payment-methods' `cardEntry`). */
  readonly cardEntry: CardEntryKind;
  /** The method's title when the settings file gives none (the order's payment line). */
  readonly title: string;
  /**
   * The environment variables that switch the gateway from the sandbox to this provider: none set
   * is the sandbox, all set is the provider, some set is a configuration error that names the rest.
   */
  readonly keys: readonly string[];
  /**
   * Which of this provider's SDK errors mean it is failing (no answer, its own timeout) where the
   * generic rule (provider-failures.ts: HTTP 5xx, 429, connection errors) cannot tell.
   */
  isFailure?(error: unknown): boolean;
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
 * A payment's status in words every gateway shares (the spec's §4 table maps each provider's own
 * words onto these, inside its adapter): the flow, the orders service and the browser only ever see
 * these, never 'succeeded' or 'APPROVED'.
 */
export type NeutralPaymentStatus = 'completed' | 'pending' | 'on_hold' | 'failed';

/**
 * What the shopper must do before the payment can finish, said the same way for every gateway, so
 * the browser never branches on a gateway's name: go to a page (3-D Secure, PayPal's approval) and
 * come back, or let the provider's browser script confirm with the client secret.
 */
export type NextAction = { type: 'redirect'; url: string } | { type: 'confirm'; clientSecret: string };

/** A payment as a gateway reports it, already in neutral words and cents. */
export interface GatewayPayment {
  /** the provider's id (intent id, transaction id, PayPal order id) */
  id: string;
  /** the provider's own status word or code, as received (kept for support, never decided on) */
  rawStatus: string;
  status: NeutralPaymentStatus;
  /** cents */
  amount: Cents;
  currency: 'usd';
  nextAction: NextAction | null;
  /** what proves a browser created this payment (card intents); null when the provider has none */
  clientSecret: string | null;
  card: { brand: string; last4: string } | null;
  /** the provider's message for a payment that did not go through (e.g. 'Your card was declined.') */
  message: string | null;
  metadata: Record<string, string>;
  /**
   * true while the provider holds the payment but nobody has confirmed or approved it yet, so nothing
   * is charged or authorised (Stripe: requires_payment_method without a decline, requires_confirmation;
   * PayPal: an order still waiting for the payer). Whoever holds its client secret or approval link
   * could still confirm it; cancel() makes that impossible. Absent: false (a gateway without such a
   * state, e.g. Authorize.Net, which charges in its one call).
   */
  awaitingConfirmation?: boolean;
}

/** A billing or shipping party as the order has it (empty text where the order has none). */
export interface PaymentParty {
  firstName: string;
  lastName: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
}

export interface InitiateInput {
  /** cents, always the order's amount due (never the browser's) */
  amount: Cents;
  currency: 'usd';
  /** the provider's token for the card the shopper entered in its hosted fields; absent for redirect methods (PayPal) */
  paymentToken?: string;
  /** the site-relative page the provider sends the shopper back to after a redirect */
  returnUrl: string;
  /**
   * The site-relative page a shopper who cancels on the provider's page goes to (PayPal's cancel
   * URL), chosen by the payments service from the kind of payment (payments/return-paths.ts); absent: the checkout.
   */
  cancelUrl?: string;
  receiptEmail?: string;
  /** the order's customer e-mail and parties, for providers that keep them with the payment (Authorize.Net's customer, billTo, shipTo) */
  email?: string;
  billing?: PaymentParty;
  shipping?: PaymentParty;
  /**
   * The method's availableMethods from the settings (spec 3): for a payment made without a card
   * token (Stripe's Payment Element), the kinds of payment the provider may offer the shopper.
   */
  availableMethods?: readonly string[];
  metadata: Record<string, string>;
  /**
   * Our attempt's id: the provider's idempotency key (a create repeated after a crash or a timeout
   * cannot charge twice) and the reference reconciliation finds the payment by.
   */
  reference: string;
}

export interface RefundInput {
  /** cents, more than 0 */
  amount: Cents;
  /**
   * Our refund's reference (a UUID the caller chose and stored before calling): the provider's
   * idempotency key, or what the adapter finds an earlier refund by where the provider has none.
   */
  reference: string;
  /**
   * When the caller first stored this reference (its ledger row, written before any provider call):
   * no refund made under it can be older. Bounds the search of a provider without idempotency keys
   * (Authorize.Net's settled batches); unset, the adapter searches from the payment itself.
   */
  requestedAt?: Date;
}

/** A refund in words every gateway shares: done, not known to be done yet, or refused. */
export type NeutralRefundStatus = 'completed' | 'pending' | 'failed';

/** A refund as a gateway reports it, in neutral words and cents. */
export interface GatewayRefund {
  /** the provider's id of the refund (Stripe's re_…, PayPal's refund id, Authorize.Net's transId) */
  id: string;
  status: NeutralRefundStatus;
  /** cents */
  amount: Cents;
  /** the provider's reason for a refund that failed or is pending; null otherwise */
  message: string | null;
}

/** A webhook the provider signed, reduced to what the flow needs: its id (applied once) and the payment it is about. */
export interface GatewayWebhookEvent {
  id: string;
  type: string;
  /** the provider's payment id; null for events about something else (ignored) */
  paymentId: string | null;
}

export interface WebhookRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: Buffer;
}

/**
 * What every gateway adapter implements (like Vendure's PaymentMethodHandler and Medusa's payment
 * providers): the payment flow only ever talks to this, so adding a gateway is one folder under
 * gateways/ and one line in adapters.ts, and the shared adapter suite (testing/gateway-adapter-suite.ts) holds every
 * adapter to the same behaviour.
 *
 * Errors: GatewayDeclined when the provider answered and refused (the payment failed with its
 * message); GatewayLookupError for an id it does not know or a proof that does not match;
 * anything else (a timeout, a connection refused, a 5xx) means we do not know what happened, and
 * the flow records the outcome as unknown for reconciliation, never as a failure.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** true for the local sandbox (no provider behind it): the checkout loads the sandbox's own fields */
  readonly sandbox: boolean;
  /**
   * true when no money moves: the local sandbox, or a provider's own test environment (Stripe's
   * sk_test_ keys, PayPal's and Authorize.Net's sandboxes). The checkout, the success page and the
   * e-mails then say "Test payment", and production refuses to start on it (PAYMENTS_SANDBOX).
   */
  readonly testMode: boolean;
  /** Starts a payment for `input.amount`; with a card token it is confirmed at once (a 3-D Secure page may follow as nextAction). */
  initiate(input: InitiateInput): Promise<GatewayPayment>;
  /**
   * After the shopper's action (back from nextAction): the provider's own answer, capturing what the
   * shopper approved (PayPal). A client secret, when given, must be the payment's (else GatewayLookupError).
   */
  confirm(id: string, proof?: { clientSecret?: string }): Promise<GatewayPayment>;
  /** Captures an authorised payment. */
  capture(id: string): Promise<GatewayPayment>;
  /** The payment as the provider sees it now. */
  getStatus(id: string): Promise<GatewayPayment>;
  /** The payment made for one of our attempts, by its reference, or null when the provider never received it. */
  findByReference(reference: string): Promise<GatewayPayment | null>;
  /** Cancels a payment that has not completed (an abandoned 3-D Secure page or approval). */
  cancel(id: string): Promise<GatewayPayment>;
  /**
   * Refunds `input.amount` cents of a completed payment. `input.reference` is ours (the refund's id in
   * our ledger, stored before this call): the same reference again must refund at most once, and
   * answer the refund it first made (each adapter says how its provider makes that so). A refusal
   * (an uncompleted payment, more than is left, the provider's no) is GatewayDeclined.
   */
  refund(id: string, input: RefundInput): Promise<GatewayRefund>;
  /**
   * Sets the amount of a payment still waiting for the shopper (the order's total changed before
   * they approved or confirmed: the spec's PATCH of a PayPal order or a Stripe intent). Optional: a gateway without it never has its amount
   * changed (the flow then answers that the payment could not be updated).
   */
  changeAmount?(id: string, amount: Cents): Promise<GatewayPayment>;
  /** Sets the payment's metadata (our order ids), never its amount. */
  update(id: string, changes: { metadata: Record<string, string> }): Promise<GatewayPayment>;
  /** Checks a webhook's signature and reads it; WebhookSignatureError for one the provider did not sign. */
  parseWebhook(request: WebhookRequest): Promise<GatewayWebhookEvent>;
}

/**
 * The provider answered and refused (a declined card): the payment failed with its message. `cause`:
 * the provider's error it was read from, when there was one (a PayPal 429 refusal still counts
 * toward the provider's breaker, see provider-failures.ts).
 */
export class GatewayDeclined extends Error {
  override readonly name = 'GatewayDeclined';
  constructor(
    message: string,
    /** the payment as it stands after the refusal, when the provider returned one */
    readonly payment?: GatewayPayment,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The id is unknown to the provider or the proof does not match: a bad request. */
export class GatewayLookupError extends Error {
  override readonly name = 'GatewayLookupError';
}

/** A webhook whose signature does not check out: answered 400 and applied never. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export type { CardIntentStatus };
