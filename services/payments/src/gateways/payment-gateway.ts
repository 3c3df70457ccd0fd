import type { CardIntentStatus, PaymentStatus } from '@storefront/contracts';

/** The gateways a payment can be routed to (the spec's list). */
export const GATEWAY_NAMES = ['stripe', 'authorizenet', 'paypal'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

export function isGatewayName(value: unknown): value is GatewayName {
  return typeof value === 'string' && (GATEWAY_NAMES as readonly string[]).includes(value);
}

/** A payment as a gateway reports it, already mapped to the order's payment status. */
export interface GatewayPayment {
  /** the gateway's id (intent id, transaction id, PayPal order id) */
  id: string;
  /** the gateway's own status word or code, as received */
  rawStatus: string;
  /** rawStatus mapped with the spec's gateway status table (status-mapping.ts) */
  status: PaymentStatus;
  /** cents */
  amount: number;
  currency: 'usd';
  /** what the browser needs to finish a card intent on its side; null when the gateway has none */
  clientSecret: string | null;
  /** where the shopper must go to authenticate (3-D Secure) or approve (PayPal); null when nowhere */
  nextActionUrl: string | null;
  /** where the gateway sends the shopper back after nextActionUrl */
  returnUrl: string | null;
  card: { brand: string; last4: string } | null;
  /** the gateway's message for a payment that did not go through (e.g. 'Your card was declined.') */
  message: string | null;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  /** cents, always the order's amount due (never the browser's) */
  amount: number;
  currency: 'usd';
  /** the tokenised card (card gateways); absent for PayPal orders */
  paymentMethodId?: string;
  /** the site-relative page the gateway sends the shopper back to after authentication */
  returnUrl: string;
  receiptEmail?: string;
  metadata: Record<string, string>;
  /**
   * The payment attempt's id: real adapters pass it as the provider's own idempotency key, so a
   * create retried after a crash cannot make a second charge.
   */
  idempotencyKey?: string;
}

/**
 * What every gateway adapter implements (like Vendure's PaymentMethodHandler): the payments flow
 * only ever talks to this, so a real Stripe adapter replaces the sandbox without touching the flow.
 * Adapters throw GatewayError for an answer the gateway gave (a decline) and anything else for a
 * gateway that could not be reached; the flow turns both into a failed payment, never a 500.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** true for the local sandbox: no money moves */
  readonly sandbox: boolean;
  create(input: CreatePaymentInput): Promise<GatewayPayment>;
  /** card intents: confirm with the (given or attached) payment method */
  confirm(id: string, options?: { paymentMethodId?: string; returnUrl?: string }): Promise<GatewayPayment>;
  capture(id: string): Promise<GatewayPayment>;
  retrieve(id: string): Promise<GatewayPayment>;
  /**
   * After the shopper comes back from the gateway: retrieve (and for PayPal capture an approved
   * order). A client secret, when given, must match the payment's, else GatewayLookupError.
   */
  verify(id: string, clientSecret?: string): Promise<GatewayPayment>;
  /** change the amount and metadata of a payment not yet completed (PATCH payment-intent) */
  update?(id: string, changes: { amount?: number; metadata?: Record<string, string> }): Promise<GatewayPayment>;
}

/** The gateway answered and refused (a declined card): the payment failed with its message. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    message: string,
    /** the payment as it stands after the refusal, when the gateway returned one */
    readonly payment?: GatewayPayment,
  ) {
    super(message);
  }
}

/** The id is unknown to the gateway or the client secret does not match: a bad request. */
export class GatewayLookupError extends Error {
  override readonly name = 'GatewayLookupError';
}

export type { CardIntentStatus };
