import { randomUUID } from 'node:crypto';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PatchOp,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  TransactionSearchController,
  type Order,
} from '@paypal/paypal-server-sdk';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { centsToDecimal, decimalToCents, type Cents } from '@storefront/money';
import {
  GatewayDeclined,
  GatewayLookupError,
  WebhookSignatureError,
  type GatewayPayment,
  type GatewayWebhookEvent,
  type InitiateInput,
  type NeutralPaymentStatus,
  type PaymentGateway,
  type WebhookRequest,
} from '../payment-gateway.js';
import { rebasedTransport } from './paypal-http.js';
import { mapPayPalStatus } from './paypal-status.js';
import { CHECKOUT_PATH } from '../../payments/return-paths.js';

export type PayPalEnvironment = 'sandbox' | 'production';

/** PayPal's webhook event ids: "WH-" and letters, digits and dashes (e.g. WH-2WR32451HC0233532-67976317FL4543714). */
const PAYPAL_EVENT_ID = /^WH-[A-Z0-9-]{1,120}$/i;

export interface PayPalGatewayOptions {
  clientId: string;
  clientSecret: string;
  environment: PayPalEnvironment;
  /** PAYPAL_API_BASE_URL: another base URL than the environment's (a local stand-in) */
  apiBaseUrl?: string | undefined;
  /** PAYPAL_WEBHOOK_ID: the webhook PayPal checks signatures against; without it every webhook is refused */
  webhookId?: string | undefined;
  /** PUBLIC_SITE_URL: PayPal sends the shopper back to absolute URLs on it */
  publicSiteUrl: string;
  /** the SDK's own per-call timeout (the flow bounds every call too) */
  timeoutMs: number;
}

/** The base URIs the SDK uses per environment (client.ts getBaseUri). */
const SDK_BASE_URI: Record<PayPalEnvironment, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
};

/** Order statuses that wait for the payer on PayPal's approval page. */
const WAITING_FOR_PAYER = new Set(['CREATED', 'PAYER_ACTION_REQUIRED']);
/** custom_id holds 127 characters (PayPal's limit). */
const CUSTOM_ID_MAX = 127;
/** Our metadata keys, shortened to fit custom_id; `x` marks an order we abandoned (see cancel). */
const SHORT_KEYS: Record<string, string> = { orderId: 'o', orderIncrementId: 'n', paymentId: 'p', quoteId: 'q', quoteIncrementId: 'qn' };
const LONG_KEYS = Object.fromEntries(Object.entries(SHORT_KEYS).map(([long, short]) => [short, long]));
const ABANDONED = 'x';
/** Transaction Search answers at most 31 days per query and 500 rows per page. */
const SEARCH_WINDOW_MS = 31 * 86_400_000 - 60_000;
const SEARCH_PAGE_SIZE = 500;
const SEARCH_MAX_PAGES = 20;

function encodeCustomId(metadata: Record<string, string>, abandoned: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(metadata)) {
    // the attempt id is the order's invoice_id already (our reference): not repeated here
    if (key !== 'attemptId') params.set(SHORT_KEYS[key] ?? key, value);
  }
  if (abandoned) params.set(ABANDONED, '1');
  const text = params.toString();
  if (text.length > CUSTOM_ID_MAX) throw new Error(`PayPal keeps ${CUSTOM_ID_MAX} characters of metadata (custom_id); this needs ${text.length}`);
  return text;
}

function decodeCustomId(customId: string | undefined): { metadata: Record<string, string>; abandoned: boolean } {
  const metadata: Record<string, string> = {};
  let abandoned = false;
  for (const [key, value] of new URLSearchParams(customId ?? '')) {
    if (key === ABANDONED) abandoned = value === '1';
    else metadata[LONG_KEYS[key] ?? key] = value;
  }
  return { metadata, abandoned };
}

/** The issue PayPal names in an error body (details[0].issue), or its name. */
function issueOf(error: ApiError): string | undefined {
  const body = error.result as { name?: unknown; details?: { issue?: unknown }[] } | undefined;
  const issue = body?.details?.[0]?.issue;
  return typeof issue === 'string' ? issue : typeof body?.name === 'string' ? body.name : undefined;
}

const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
/**
 * PayPal answered and refused (4xx): it did not do what was asked. A 5xx or no answer is unknown, and
 * so are 408 and 429 (too slow, too many requests: nothing was judged). Read as a refusal, a 429 on
 * a capture would abandon an order the shopper approved and fail the payment.
 */
const NOT_JUDGED = new Set([408, 429]);
const refused = (error: unknown): error is ApiError =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && !NOT_JUDGED.has(error.statusCode);

/**
 * PayPal on its official server SDK (@paypal/paypal-server-sdk, Orders v2): an order for the amount
 * due (intent CAPTURE, USD), approved by the shopper on PayPal's page (nextAction redirect), then
 * captured by us. Every create and capture carries a PayPal-Request-Id, so a retry after a timeout
 * answers the first result instead of making a second order or capture.
 */
export class PayPalGateway implements PaymentGateway {
  readonly name = 'paypal' as const;
  readonly sandbox = false;
  readonly testMode: boolean;
  private readonly client: Client;
  private readonly orders: OrdersController;
  private readonly payments: PaymentsController;
  private readonly transactions: TransactionSearchController;

  constructor(private readonly options: PayPalGatewayOptions) {
    this.testMode = options.environment !== 'production';
    this.client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: options.clientId, oAuthClientSecret: options.clientSecret },
      environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
      timeout: options.timeoutMs,
      // no SDK retries: a retried POST could act twice where no request id protects it (refunds); the flow reconciles instead
      httpClientOptions: { timeout: options.timeoutMs, retryConfig: { maxNumberOfRetries: 0 } },
      // no `logging`: the SDK's default is its NullLogger (a console logger would print every call)
      ...(options.apiBaseUrl ? { unstable_httpClientOptions: { adapter: rebasedTransport(SDK_BASE_URI[options.environment], options.apiBaseUrl) } } : {}),
    });
    this.orders = new OrdersController(this.client);
    this.payments = new PaymentsController(this.client);
    this.transactions = new TransactionSearchController(this.client);
  }

  async initiate(input: InitiateInput): Promise<GatewayPayment> {
    const site = this.options.publicSiteUrl.replace(/\/+$/, '');
    try {
      const { result } = await this.orders.createOrder({
        // PayPal keeps request ids for hours: the same reference answers the order it first made
        paypalRequestId: input.reference,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: 'default',
              // cents to PayPal's decimal string, only here
              amount: { currencyCode: 'USD', value: centsToDecimal(input.amount) },
              invoiceId: input.reference,
              customId: encodeCustomId(input.metadata, false),
              ...(input.metadata.orderIncrementId ? { description: `Order ${input.metadata.orderIncrementId}`.slice(0, 127) } : {}),
            },
          ],
          paymentSource: {
            paypal: {
              ...(input.receiptEmail ? { emailAddress: input.receiptEmail } : {}),
              experienceContext: {
                returnUrl: `${site}${input.returnUrl}`,
                cancelUrl: `${site}${input.cancelUrl ?? CHECKOUT_PATH}`,
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      return this.view(result);
    } catch (error) {
      if (refused(error)) throw new GatewayDeclined(PAYMENT_MESSAGES.paypalCreateFailed, undefined, { cause: error });
      throw error;
    }
  }

  /**
   * Back from PayPal: an approved order is captured now; one still waiting for the payer means the
   * shopper came back without approving, so it is abandoned (it can no longer be captured by us) and
   * answered failed.
   */
  async confirm(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    const { abandoned } = decodeCustomId(order.purchaseUnits?.[0]?.customId);
    if (!abandoned && order.status === 'APPROVED') return this.capture(id);
    if (!abandoned && WAITING_FOR_PAYER.has(order.status ?? '')) return this.abandon(order);
    return this.view(order);
  }

  async capture(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    const unit = order.purchaseUnits?.[0];
    // captured already: its capture, never a second one
    if (unit?.payments?.captures?.length) return this.view(order);
    if (decodeCustomId(unit?.customId).abandoned || order.status !== 'APPROVED') {
      throw new GatewayDeclined(PAYMENT_MESSAGES.paypalNoOrder, this.view(order));
    }
    try {
      const { result } = await this.orders.captureOrder({ id, paypalRequestId: `capture-${id}`, prefer: 'return=representation' });
      return this.view(result);
    } catch (error) {
      if (!refused(error)) throw error;
      const issue = issueOf(error);
      if (issue === 'ORDER_ALREADY_CAPTURED') return this.view(await this.order(id));
      if (error.statusCode === 404) throw new GatewayLookupError(`No such PayPal order: ${id}`);
      // a refused capture (INSTRUMENT_DECLINED, ...) is a failed payment: abandon the order so no later call of ours captures it
      const abandoned = await this.abandon(await this.order(id));
      throw new GatewayDeclined(
        issue === 'ORDER_NOT_APPROVED' ? PAYMENT_MESSAGES.paypalNoOrder : PAYMENT_MESSAGES.paypalCaptureFailed,
        { ...abandoned, rawStatus: issue ?? abandoned.rawStatus, message: PAYMENT_MESSAGES.paypalCaptureFailed },
        { cause: error },
      );
    }
  }

  async getStatus(id: string): Promise<GatewayPayment> {
    return this.view(await this.order(id));
  }

  /**
   * The order made for one of our attempts. Orders v2 has no search, and replaying the create with
   * the same PayPal-Request-Id is no lookup (it creates the order when there is none). What PayPal
   * does offer is Transaction Search: every capture with the invoice_id we set (our reference) and
   * the order it belongs to (paypal_reference_id). That finds every PayPal payment that moved money.
   * An order never captured is not found, and that is the truth about money: nothing was charged,
   * and nobody can approve it, since the only way to learn its id was the create answer we lost
   * (the flow gives such an attempt up as never received). Transaction Search lags up to hours
   * behind; it is only asked when an attempt has no PayPal order id, i.e. no capture of ours can exist.
   */
  async findByReference(reference: string): Promise<GatewayPayment | null> {
    const end = new Date();
    const start = new Date(end.getTime() - SEARCH_WINDOW_MS);
    for (let page = 1; page <= SEARCH_MAX_PAGES; page += 1) {
      const { result } = await this.transactions.searchTransactions({
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        fields: 'transaction_info',
        pageSize: SEARCH_PAGE_SIZE,
        page,
      });
      const match = result.transactionDetails?.find((entry) => entry.transactionInfo?.invoiceId === reference && entry.transactionInfo.paypalReferenceId);
      if (match) return this.getStatus(match.transactionInfo!.paypalReferenceId!);
      if (page >= (result.totalPages ?? 1)) break;
    }
    return null;
  }

  /**
   * Orders v2 cannot void an order. An order still waiting for the payer (or approved, not captured)
   * is marked abandoned in its custom_id, which PayPal keeps: capture and confirm refuse such an order,
   * so it can no longer be captured by us, and it is reported failed. PayPal lets it expire.
   */
  async cancel(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    if (order.purchaseUnits?.[0]?.payments?.captures?.length || !(WAITING_FOR_PAYER.has(order.status ?? '') || order.status === 'APPROVED')) return this.view(order);
    return this.abandon(order);
  }

  async refund(id: string, amount?: Cents): Promise<{ id: string; status: NeutralPaymentStatus; amount: Cents }> {
    const order = await this.order(id);
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) throw new GatewayDeclined('This PayPal payment cannot be refunded.');
    try {
      const { result } = await this.payments.refundCapturedPayment({
        captureId: capture.id,
        // a refund has no reference of ours to key it on: each call is a new refund
        paypalRequestId: randomUUID(),
        prefer: 'return=representation',
        body: amount === undefined ? {} : { amount: { currencyCode: 'USD', value: centsToDecimal(amount) } },
      });
      const refunded = decimalToCents(result.amount?.value ?? '') ?? amount ?? decimalToCents(capture.amount?.value ?? '') ?? 0;
      const status: NeutralPaymentStatus = result.status === 'COMPLETED' ? 'completed' : result.status === 'PENDING' ? 'pending' : 'failed';
      return { id: result.id ?? '', status, amount: refunded };
    } catch (error) {
      if (refused(error)) throw new GatewayDeclined('This PayPal payment cannot be refunded.', undefined, { cause: error });
      throw error;
    }
  }

  /** Our order ids live in the order's custom_id, which PayPal lets us patch until the order is captured. */
  async update(id: string, changes: { metadata: Record<string, string> }): Promise<GatewayPayment> {
    const order = await this.order(id);
    const current = decodeCustomId(order.purchaseUnits?.[0]?.customId);
    if (order.purchaseUnits?.[0]?.payments?.captures?.length) {
      throw new GatewayDeclined('PayPal keeps the order ids of a captured order as they were.', this.view(order));
    }
    await this.patchCustomId(id, encodeCustomId({ ...current.metadata, ...changes.metadata }, current.abandoned));
    return this.getStatus(id);
  }

  /**
   * The amount of an order still waiting for the payer (the spec's PATCH /api/payment/paypal/order:
   * the order's total changed). PayPal refuses it once the order is captured.
   */
  async changeAmount(id: string, amount: Cents): Promise<GatewayPayment> {
    try {
      await this.orders.patchOrder({
        id,
        body: [{ op: PatchOp.Replace, path: "/purchase_units/@reference_id=='default'/amount", value: { currency_code: 'USD', value: centsToDecimal(amount) } }],
      });
    } catch (error) {
      if (isApiError(error) && error.statusCode === 404) throw new GatewayLookupError(`No such PayPal order: ${id}`);
      if (refused(error)) throw new GatewayDeclined(PAYMENT_MESSAGES.paypalUpdateFailed, undefined, { cause: error });
      throw error;
    }
    return this.getStatus(id);
  }

  /**
   * PayPal's own signature check (POST /v1/notifications/verify-webhook-signature with the
   * transmission headers and PAYPAL_WEBHOOK_ID): the signature is made with PayPal's certificate over
   * the transmission id, time, webhook id and the body's CRC32, so only PayPal can say it is good.
   * The SDK has no controller for it: the call goes through the SDK's request builder (its OAuth
   * token, base URI and HTTP client), with the body sent exactly as received.
   */
  async parseWebhook(request: WebhookRequest): Promise<GatewayWebhookEvent> {
    const header = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
    };
    const transmission = {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
    };
    if (!this.options.webhookId) throw new WebhookSignatureError('PAYPAL_WEBHOOK_ID is not set: PayPal webhooks cannot be verified');
    if (Object.values(transmission).some((value) => !value)) throw new WebhookSignatureError('The PayPal transmission headers are missing');
    // the cheap checks first: every verify call costs an OAuth token and an outbound request, so a
    // request that cannot be PayPal's is refused before PayPal is asked
    if (!this.isPayPalCertUrl(transmission.cert_url)) throw new WebhookSignatureError("The PayPal certificate URL is not PayPal's");
    const raw = request.rawBody.toString('utf8');
    let event: { id?: unknown; event_type?: unknown; resource_type?: unknown; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(raw) as typeof event;
    } catch {
      throw new WebhookSignatureError('The PayPal webhook body is not JSON');
    }
    if (typeof event.id !== 'string' || !PAYPAL_EVENT_ID.test(event.id)) throw new WebhookSignatureError('The PayPal webhook has no event id');
    const requestBuilder = this.client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
    requestBuilder.header('Content-Type', 'application/json');
    // the event verbatim: PayPal checks the CRC32 of the bytes it sent, which a re-serialised object may not match
    requestBuilder.text(`{${Object.entries({ ...transmission, webhook_id: this.options.webhookId }).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')},"webhook_event":${raw}}`);
    requestBuilder.authenticate([{ oauth2: true }]);
    const { result } = await requestBuilder.callAsText();
    const answer = JSON.parse(result) as { verification_status?: unknown };
    if (answer.verification_status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify the webhook signature');
    if (typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookSignatureError('The PayPal webhook has no event id');
    return { id: event.id, type: event.event_type, paymentId: paymentIdOf(event) };
  }

  /**
   * PayPal signs with a certificate it serves itself: https on paypal.com or a subdomain, or (a
   * local stand-in, the reliability harness) the API base URL's own origin.
   */
  private isPayPalCertUrl(value: string): boolean {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (this.options.apiBaseUrl && url.origin === new URL(this.options.apiBaseUrl).origin) return true;
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && (host === 'paypal.com' || host.endsWith('.paypal.com'));
  }

  private async order(id: string): Promise<Order> {
    try {
      return (await this.orders.getOrder({ id })).result;
    } catch (error) {
      if (isApiError(error) && (error.statusCode === 404 || (error.statusCode === 400 && issueOf(error) === 'INVALID_RESOURCE_ID'))) {
        throw new GatewayLookupError(`No such PayPal order: ${id}`);
      }
      throw error;
    }
  }

  private async patchCustomId(id: string, customId: string): Promise<void> {
    try {
      await this.orders.patchOrder({ id, body: [{ op: PatchOp.Replace, path: "/purchase_units/@reference_id=='default'/custom_id", value: customId }] });
    } catch (error) {
      if (isApiError(error) && error.statusCode === 404) throw new GatewayLookupError(`No such PayPal order: ${id}`);
      if (refused(error)) throw new GatewayDeclined(PAYMENT_MESSAGES.paypalUpdateFailed, undefined, { cause: error });
      throw error;
    }
  }

  private async abandon(order: Order): Promise<GatewayPayment> {
    const current = decodeCustomId(order.purchaseUnits?.[0]?.customId);
    if (!current.abandoned) await this.patchCustomId(order.id!, encodeCustomId(current.metadata, true));
    return this.getStatus(order.id!);
  }

  /** A PayPal order in neutral words: its capture's status once captured, else the order's (spec §4, paypal-status.ts). */
  private view(order: Order): GatewayPayment {
    const unit = order.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    const { metadata, abandoned } = decodeCustomId(unit?.customId);
    const orderStatus = order.status ?? 'CREATED';
    const rawStatus = capture?.status ?? orderStatus;
    let status: NeutralPaymentStatus;
    if (capture) {
      // a refund does not undo the payment's completion (refunds are recorded on their own)
      status = mapPayPalStatus(capture.status === 'PARTIALLY_REFUNDED' || capture.status === 'REFUNDED' ? 'COMPLETED' : (capture.status ?? 'FAILED'));
    } else {
      status = abandoned ? 'failed' : mapPayPalStatus(orderStatus);
    }
    const waiting = !capture && !abandoned && WAITING_FOR_PAYER.has(orderStatus);
    const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
    const amount = decimalToCents(capture?.amount?.value ?? unit?.amount?.value ?? '');
    if (amount === undefined) throw new Error(`PayPal order ${order.id ?? '?'} has no amount`);
    let message: string | null = null;
    if (status === 'failed') message = capture ? PAYMENT_MESSAGES.paypalCaptureFailed : PAYMENT_MESSAGES.paypalTransactionError;
    else if (waiting) message = PAYMENT_MESSAGES.paypalNoOrder;
    return {
      id: order.id!,
      rawStatus,
      status,
      amount,
      currency: 'usd',
      nextAction: waiting && approve ? { type: 'redirect', url: approve } : null,
      clientSecret: null,
      card: null,
      message,
      metadata,
      // created, never approved by the payer: nothing taken yet (reconciliation cancels one nobody was sent to)
      awaitingConfirmation: waiting,
    };
  }
}

/** The PayPal order an event is about: the order itself, or the order a capture or refund belongs to. */
function paymentIdOf(event: { resource_type?: unknown; resource?: Record<string, unknown> }): string | null {
  const resource = event.resource;
  if (!resource) return null;
  const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
  if (typeof related === 'string') return related;
  return event.resource_type === 'checkout-order' && typeof resource.id === 'string' ? resource.id : null;
}
