import {
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
  type GatewayPayment,
  type GatewayWebhookEvent,
  type GatewayRefund,
  type InitiateInput,
  type NeutralRefundStatus,
  type PaymentGateway,
  type RefundInput,
  type WebhookRequest,
} from '../payment-gateway.js';
import { isApiError, issueOf, orderUpdateError, refusalText, refused } from './paypal-errors.js';
import { rebasedTransport } from './paypal-http.js';
import { WAITING_FOR_PAYER, decodeCustomId, encodeCustomId, paypalOrderView } from './paypal-order-view.js';
import { verifyPayPalWebhook } from './paypal-webhook.js';
import { CHECKOUT_PATH } from '../../payments/return-paths.js';

export type PayPalEnvironment = 'sandbox' | 'production';

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

/** Transaction Search answers at most 31 days per query and 500 rows per page. */
const SEARCH_WINDOW_MS = 31 * 86_400_000 - 60_000;
const SEARCH_PAGE_SIZE = 500;
const SEARCH_MAX_PAGES = 20;

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
      // no SDK retries: every POST of ours carries a PayPal-Request-Id, but a retry is the flow's to decide (it reconciles, or the caller repeats a refund)
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
      return paypalOrderView(result);
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
    return paypalOrderView(order);
  }

  async capture(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    const unit = order.purchaseUnits?.[0];
    // captured already: its capture, never a second one
    if (unit?.payments?.captures?.length) return paypalOrderView(order);
    if (decodeCustomId(unit?.customId).abandoned || order.status !== 'APPROVED') {
      throw new GatewayDeclined(PAYMENT_MESSAGES.paypalNoOrder, paypalOrderView(order));
    }
    try {
      const { result } = await this.orders.captureOrder({ id, paypalRequestId: `capture-${id}`, prefer: 'return=representation' });
      return paypalOrderView(result);
    } catch (error) {
      if (!refused(error)) throw error;
      const issue = issueOf(error);
      if (issue === 'ORDER_ALREADY_CAPTURED') return paypalOrderView(await this.order(id));
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
    return paypalOrderView(await this.order(id));
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
    if (order.purchaseUnits?.[0]?.payments?.captures?.length || !(WAITING_FOR_PAYER.has(order.status ?? '') || order.status === 'APPROVED')) return paypalOrderView(order);
    return this.abandon(order);
  }

  /**
   * Refunds part of the order's capture. Our refund's reference is the PayPal-Request-Id, which
   * PayPal keeps for 45 days: a refund repeated with it (after a timeout, a 5xx, a crash) answers the
   * refund PayPal first made instead of refunding again. Nothing here decides on the capture's state
   * before asking (a capture our earlier call fully refunded still answers that refund); PayPal
   * checks what is left (REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED, PENDING_CAPTURE).
   */
  async refund(id: string, input: RefundInput): Promise<GatewayRefund> {
    const order = await this.order(id);
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) throw new GatewayDeclined('This PayPal payment has no capture to refund.');
    try {
      const { result } = await this.payments.refundCapturedPayment({
        captureId: capture.id,
        paypalRequestId: input.reference,
        prefer: 'return=representation',
        // cents to PayPal's decimal string, only here; our reference in the reports too (custom_id)
        body: { amount: { currencyCode: 'USD', value: centsToDecimal(input.amount) }, customId: input.reference },
      });
      const status: NeutralRefundStatus = result.status === 'COMPLETED' ? 'completed' : result.status === 'PENDING' ? 'pending' : 'failed';
      return {
        id: result.id ?? '',
        status,
        amount: decimalToCents(result.amount?.value ?? '') ?? input.amount,
        message: status === 'completed' ? null : (result.statusDetails?.reason ?? `PayPal answered the refund ${result.status ?? 'without a status'}.`),
      };
    } catch (error) {
      if (refused(error)) throw new GatewayDeclined(refusalText('PayPal refused the refund', error), undefined, { cause: error });
      throw error;
    }
  }

  /** Our order ids live in the order's custom_id, which PayPal lets us patch until the order is captured. */
  async update(id: string, changes: { metadata: Record<string, string> }): Promise<GatewayPayment> {
    const order = await this.order(id);
    const current = decodeCustomId(order.purchaseUnits?.[0]?.customId);
    if (order.purchaseUnits?.[0]?.payments?.captures?.length) {
      throw new GatewayDeclined('PayPal keeps the order ids of a captured order as they were.', paypalOrderView(order));
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
      throw orderUpdateError(error, id);
    }
    return this.getStatus(id);
  }

  /** PayPal's own signature check (paypal-webhook.ts). */
  async parseWebhook(request: WebhookRequest): Promise<GatewayWebhookEvent> {
    return verifyPayPalWebhook(this.client, this.options, request);
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
      throw orderUpdateError(error, id);
    }
  }

  private async abandon(order: Order): Promise<GatewayPayment> {
    const current = decodeCustomId(order.purchaseUnits?.[0]?.customId);
    if (!current.abandoned) await this.patchCustomId(order.id!, encodeCustomId(current.metadata, true));
    return this.getStatus(order.id!);
  }
}

