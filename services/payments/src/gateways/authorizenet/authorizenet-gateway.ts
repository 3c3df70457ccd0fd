import { createHmac, timingSafeEqual } from 'node:crypto';
import { centsToDecimal, decimalToCents, type Cents } from '@storefront/money';
import {
  GatewayDeclined,
  GatewayLookupError,
  WebhookSignatureError,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayWebhookEvent,
  type InitiateInput,
  type NeutralPaymentStatus,
  type PaymentGateway,
  type PaymentParty,
  type RefundInput,
  type WebhookRequest,
} from '../payment-gateway.js';
import { authorizeNetCall, type AuthorizeNetClientOptions, type AuthorizeNetOperation } from './authorizenet-sdk.js';
import { mapAuthorizeResponseCode } from './response-codes.js';

/** Spec §8: an Authorize-style error without text. */
export const PAYMENT_ERROR = 'Payment Error';

/** Authorize.Net's limits: invoiceNumber and refId are at most 20 characters. */
const INVOICE_NUMBER_LENGTH = 20;
/** Authorize.Net refunds a payment up to 180 days after it settled: how far back a refund is looked for when the payment's time is unknown. */
const REFUND_SEARCH_FALLBACK_MS = 180 * 86_400_000;
/** The reporting API's largest page of transactions (paging.limit). */
const MAX_LIST_PAGE = 1000;
/** getSettledBatchList takes at most 31 days at once: 30, so no reading of "31 days" refuses a range. */
const BATCH_LIST_RANGE_MS = 30 * 86_400_000;
/**
 * How long before our record of a refund its batch is looked for: our clock and Authorize.Net's
 * differ, and settlement dates may be read in the merchant's time zone. A day costs one batch more.
 */
const SETTLEMENT_SEARCH_MARGIN_MS = 86_400_000;

/** A dateTime as Authorize.Net's schema takes it (UTC, whole seconds: rounded up, so a range's end still holds what settled this second). */
const xmlDateTime = (ms: number) => new Date(Math.ceil(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Our attempt's reference as Authorize.Net can hold it (invoiceNumber and refId, 20 characters):
 * the reference without its dashes, cut to 20. A UUID keeps 20 hex digits (about 74 random bits),
 * so two attempts cannot share one, and support can still match it to the attempt by its start.
 */
export function invoiceNumberOf(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').slice(0, INVOICE_NUMBER_LENGTH);
}

/**
 * The neutral status of a createTransaction answer: spec §4's table (mapAuthorizeResponseCode, which
 * also says why code 2, "declined", is failed), with one more reading of Authorize.Net's codes.
 * Code 4 with reason 253 is a card the processor authorised and the fraud filters then held
 * for the merchant's review (FDSAuthorizedPendingReview): the money is taken pending that review,
 * so 'pending'; reason 252 (held before authorisation, FDSPendingReview) stays the table's on_hold.
 */
export function authorizeNetStatus(responseCode: string | number, reasonCode?: string | number): NeutralPaymentStatus {
  const code = String(responseCode).trim();
  if (code === '4' && String(reasonCode ?? '').trim() === '253') return 'pending';
  return mapAuthorizeResponseCode(code);
}

/** getTransactionDetails' transactionStatus in neutral words (Authorize.Net's documented statuses). */
const TRANSACTION_STATUSES: Record<string, NeutralPaymentStatus> = {
  authorizedPendingCapture: 'pending',
  capturedPendingSettlement: 'completed',
  communicationError: 'failed',
  refundSettledSuccessfully: 'completed',
  refundPendingSettlement: 'completed',
  approvedReview: 'completed',
  declined: 'failed',
  couldNotVoid: 'completed',
  expired: 'failed',
  generalError: 'failed',
  failedReview: 'failed',
  settledSuccessfully: 'completed',
  settlementError: 'failed',
  underReview: 'pending',
  voided: 'failed',
  FDSPendingReview: 'on_hold',
  FDSAuthorizedPendingReview: 'pending',
  returnedItem: 'failed',
  chargeback: 'failed',
  pendingFinalSettlement: 'completed',
  pendingSettlement: 'completed',
};
/** What can still be voided (nothing has settled yet). */
const VOIDABLE = new Set(['capturedPendingSettlement', 'FDSPendingReview', 'FDSAuthorizedPendingReview', 'authorizedPendingCapture', 'underReview', 'approvedReview']);

// --- narrowing Authorize.Net's answers ---------------------------------------------------------

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const list = (value: unknown, inner: string): unknown[] => (Array.isArray(value) ? value : isObject(value) && Array.isArray(value[inner]) ? value[inner] : isObject(value) && isObject(value[inner]) ? [value[inner]] : []);

interface ApiMessages {
  ok: boolean;
  code: string | undefined;
  text: string | undefined;
}
function messagesOf(answer: Json): ApiMessages {
  const messages = isObject(answer.messages) ? answer.messages : {};
  const first = list(messages.message, 'message').find(isObject);
  return { ok: messages.resultCode === 'Ok', code: text(first?.code), text: text(first?.text) };
}

/** Authorize.Net answered with a refusal that is not about a card: an operator's problem (credentials, schema). */
export class AuthorizeNetError extends Error {
  override readonly name = 'AuthorizeNetError';
}

function dollarsToCents(value: unknown): Cents | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return decimalToCents(value.toFixed(2));
  if (typeof value === 'string') return decimalToCents(value);
  return undefined;
}

function cardOf(accountNumber: unknown, cardType: unknown): GatewayPayment['card'] {
  const last4 = /(\d{4})$/.exec(text(accountNumber) ?? '')?.[1];
  const brand = (text(cardType) ?? 'card').toLowerCase();
  // Authorize.Net's card type names in the store's words (as the sandbox and Stripe say them)
  return last4 ? { brand: ({ americanexpress: 'amex', dinersclub: 'diners' } as Record<string, string>)[brand] ?? brand, last4 } : null;
}

interface TransactionResponse {
  responseCode: string;
  transId: string;
  reasonCode: string | undefined;
  /** the approval text (messages) or the refusal text (errors); undefined when Authorize.Net gave none */
  message: string | undefined;
  errorText: string | undefined;
  card: GatewayPayment['card'];
}
function transactionResponseOf(answer: Json): TransactionResponse | null {
  const response = answer.transactionResponse;
  if (!isObject(response)) return null;
  const message = list(response.messages, 'message').find(isObject);
  const error = list(response.errors, 'error').find(isObject);
  return {
    responseCode: text(response.responseCode) ?? '',
    transId: text(response.transId) ?? '0',
    reasonCode: text(error?.errorCode) ?? text(message?.code),
    message: text(message?.description),
    errorText: text(error?.errorText)?.trim() || undefined,
    card: cardOf(response.accountNumber, response.accountType),
  };
}

// --- the adapter ---------------------------------------------------------------------------------

export interface AuthorizeNetGatewayOptions extends AuthorizeNetClientOptions {
  /** the Signature Key of the merchant's account (webhooks); undefined: no webhook is believed */
  signatureKey: string | undefined;
  testMode: boolean;
  /** transactions per page of a list (default and most Authorize.Net gives: 1000; tests make it small) */
  listPageSize?: number;
}

/**
 * Authorize.Net through its official SDK: Accept.js opaque data charged with authCaptureTransaction.
 *
 * Idempotency: Authorize.Net has no idempotency key, so every transaction carries our attempt's
 * reference (20 characters of it) as order.invoiceNumber and refId, and a create first looks the
 * reference up among the merchant's unsettled transactions (getUnsettledTransactionList, newest
 * first, plus those its fraud filters hold): a create repeated after a crash or a timeout finds
 * the first transaction and answers it instead of charging again. The lookup covers transactions
 * until they settle (Authorize.Net settles once a day), which is far longer than a retry or the
 * flow's reconciliation of an unknown outcome takes. Every page of the list is read (newest first:
 * a transaction made meanwhile shifts the pages and shows one twice, never hides one). Refunds are
 * keyed the same way, by our refund's reference, and found among settled batches too (refund below).
 */
export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorizenet' as const;
  readonly sandbox = false;
  readonly testMode: boolean;

  constructor(private readonly options: AuthorizeNetGatewayOptions) {
    this.testMode = options.testMode;
  }

  private async call(operation: AuthorizeNetOperation, fields: Record<string, unknown>): Promise<Json> {
    const answer = await authorizeNetCall(this.options, operation, fields);
    if (!isObject(answer)) throw new AuthorizeNetError(`Authorize.Net answered ${operation} with something that is not JSON`);
    return answer;
  }

  async initiate(input: InitiateInput): Promise<GatewayPayment> {
    const earlier = await this.findByReference(input.reference);
    if (earlier) {
      if (earlier.status === 'failed') throw new GatewayDeclined(earlier.message ?? PAYMENT_ERROR, earlier);
      return earlier;
    }
    const opaque = parseOpaqueToken(input.paymentToken);
    if (!opaque) throw new GatewayLookupError('No such payment method: the card token is not Accept.js opaque data.');
    const invoiceNumber = invoiceNumberOf(input.reference);
    const answer = await this.call('createTransaction', {
      refId: invoiceNumber,
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        // our cents as Authorize.Net's dollars, only here at the call
        amount: centsToDecimal(input.amount),
        currencyCode: 'USD',
        payment: { opaqueData: opaque },
        order: {
          invoiceNumber,
          ...(input.metadata.orderIncrementId ? { description: `Order ${input.metadata.orderIncrementId}`.slice(0, 255) } : {}),
        },
        ...(input.email ?? input.receiptEmail ? { customer: { email: input.email ?? input.receiptEmail } } : {}),
        ...(input.billing ? { billTo: addressOf(input.billing) } : {}),
        ...(input.shipping ? { shipTo: addressOf(input.shipping) } : {}),
      },
    });
    const response = transactionResponseOf(answer);
    if (!response) {
      const messages = messagesOf(answer);
      throw new AuthorizeNetError(`Authorize.Net refused createTransaction: ${messages.code ?? ''} ${messages.text ?? ''}`.trim());
    }
    const status = authorizeNetStatus(response.responseCode, response.reasonCode);
    const made = response.transId !== '0' && response.transId !== '';
    const payment: GatewayPayment = {
      id: response.transId,
      rawStatus: response.responseCode,
      status,
      amount: input.amount,
      currency: 'usd',
      nextAction: null,
      clientSecret: null,
      card: response.card,
      message: status === 'failed' ? (response.errorText ?? PAYMENT_ERROR) : null,
      metadata: { invoiceNumber },
    };
    if (status === 'failed') throw new GatewayDeclined(payment.message ?? PAYMENT_ERROR, made ? payment : undefined);
    return payment;
  }

  async confirm(id: string, proof?: { clientSecret?: string }): Promise<GatewayPayment> {
    // Accept.js has no step after the charge; a client secret cannot be this payment's (it has none)
    if (proof?.clientSecret !== undefined) throw new GatewayLookupError('An Authorize.Net transaction has no client secret.');
    return this.getStatus(id);
  }

  async capture(id: string): Promise<GatewayPayment> {
    // authCaptureTransaction captures as it authorises: there is nothing left to capture
    const payment = await this.getStatus(id);
    if (payment.status !== 'completed') throw new GatewayDeclined(`This payment cannot be captured in status ${payment.rawStatus}.`, payment);
    return payment;
  }

  async getStatus(id: string): Promise<GatewayPayment> {
    return paymentOfDetails(await this.details(id));
  }

  private async details(id: string): Promise<Json> {
    if (!/^\d{1,20}$/.test(id)) throw new GatewayLookupError(`No such transaction: ${id.slice(0, 64)}`);
    const answer = await this.call('getTransactionDetails', { transId: id });
    const messages = messagesOf(answer);
    if (!messages.ok || !isObject(answer.transaction)) {
      if (messages.code === 'E00040') throw new GatewayLookupError(`No such transaction: ${id}`);
      throw new AuthorizeNetError(`Authorize.Net refused getTransactionDetails: ${messages.code ?? ''} ${messages.text ?? ''}`.trim());
    }
    return answer.transaction;
  }

  async findByReference(reference: string): Promise<GatewayPayment | null> {
    const invoiceNumber = invoiceNumberOf(reference);
    // without a status the list leaves out what the fraud filters hold; pendingApproval lists those
    for (const status of [undefined, 'pendingApproval'] as const) {
      for await (const transaction of this.listed('getUnsettledTransactionList', status ? { status } : {})) {
        const transId = text(transaction.invoiceNumber) === invoiceNumber ? text(transaction.transId) : undefined;
        if (transId) return this.getStatus(transId);
      }
    }
    return null;
  }

  /** Every transaction of a list (the unsettled ones, or a settled batch's), newest first, a page at a time, for as long as the caller reads. */
  private async *listed(operation: 'getUnsettledTransactionList' | 'getTransactionList', fields: Record<string, unknown>): AsyncGenerator<Json> {
    const limit = this.options.listPageSize ?? MAX_LIST_PAGE;
    for (let page = 1; ; page += 1) {
      const answer = await this.call(operation, { ...fields, sorting: { orderBy: 'submitTimeUTC', orderDescending: true }, paging: { limit, offset: page } });
      const messages = messagesOf(answer);
      if (!messages.ok) throw new AuthorizeNetError(`Authorize.Net refused ${operation}: ${messages.code ?? ''} ${messages.text ?? ''}`.trim());
      const transactions = list(answer.transactions, 'transaction').filter(isObject);
      yield* transactions;
      if (transactions.length < limit) return;
    }
  }

  /** The ids of the batches settled from `since` until now, oldest first (getSettledBatchList, 30 days a call). */
  private async settledBatchesSince(since: number): Promise<string[]> {
    const ids = new Set<string>();
    const now = Date.now();
    for (let from = since; from < now; from += BATCH_LIST_RANGE_MS) {
      const answer = await this.call('getSettledBatchList', { firstSettlementDate: xmlDateTime(from), lastSettlementDate: xmlDateTime(Math.min(from + BATCH_LIST_RANGE_MS, now)) });
      const messages = messagesOf(answer);
      if (!messages.ok) throw new AuthorizeNetError(`Authorize.Net refused getSettledBatchList: ${messages.code ?? ''} ${messages.text ?? ''}`.trim());
      for (const batch of list(answer.batchList, 'batch').filter(isObject)) {
        const batchId = text(batch.batchId);
        if (batchId) ids.add(batchId);
      }
    }
    return [...ids];
  }

  async cancel(id: string): Promise<GatewayPayment> {
    const details = await this.details(id);
    const payment = paymentOfDetails(details);
    if (payment.status !== 'pending' && payment.status !== 'on_hold') return payment;
    await this.voidTransaction(id);
    return this.getStatus(id);
  }

  /**
   * Refunds part of a payment. Authorize.Net has no idempotency key, so our refund's reference
   * travels as the refund's order.invoiceNumber and refId (20 characters of it, invoiceNumberOf), and
   * every refund first looks that reference up (findRefund): a refund repeated after a lost answer
   * finds the refund it made and answers it instead of refunding again. A refund stays unanswered
   * until someone sends its reference again, which may be days later, after the nightly batch has
   * settled it: the lookup reads the settled batches too, not only the unsettled transactions (a
   * part refund made twice would otherwise go through: Authorize.Net only checks that the refunds
   * stay within the payment).
   *
   * Authorize.Net refunds only settled transactions; one not settled yet can only be voided, whole:
   * a full refund of it is a void. A void carries no reference of ours, so a payment found voided
   * answers a full refund as that void (our ledger asks a payment it recorded completed for at most
   * one full refund, so that void is this refund's).
   */
  async refund(id: string, input: RefundInput): Promise<GatewayRefund> {
    const invoiceNumber = invoiceNumberOf(input.reference);
    const details = await this.details(id);
    // no refund under this reference is older than our record of it, nor than the payment
    const since = (input.requestedAt?.getTime() ?? Date.parse(text(details.submitTimeUTC) ?? '')) - SETTLEMENT_SEARCH_MARGIN_MS;
    const earlier = await this.findRefund(id, invoiceNumber, Number.isNaN(since) ? Date.now() - REFUND_SEARCH_FALLBACK_MS : since);
    if (earlier) return earlier;
    const payment = paymentOfDetails(details);
    const transactionStatus = text(details.transactionStatus) ?? '';
    if (transactionStatus === 'voided' && input.amount === payment.amount) return { id, status: 'completed', amount: input.amount, message: null };
    if (payment.status !== 'completed') throw new GatewayDeclined(`This payment cannot be refunded (${payment.rawStatus}).`, payment);
    if (input.amount > payment.amount) throw new GatewayDeclined(`A refund cannot be more than the payment (${centsToDecimal(payment.amount)} USD).`, payment);
    if (VOIDABLE.has(transactionStatus)) {
      if (input.amount !== payment.amount) {
        throw new GatewayDeclined('Authorize.Net refunds part of a payment only once it has settled (within a day); refund it in full now or the part later.', payment);
      }
      const voided = await this.voidTransaction(id, invoiceNumber);
      return { id: voided, status: 'completed', amount: input.amount, message: null };
    }
    if (!payment.card) throw new GatewayDeclined('This payment has no card to refund to.', payment);
    const answer = await this.call('createTransaction', {
      refId: invoiceNumber,
      transactionRequest: {
        transactionType: 'refundTransaction',
        amount: centsToDecimal(input.amount),
        currencyCode: 'USD',
        // Authorize.Net asks for the card's last four digits and a masked expiry
        payment: { creditCard: { cardNumber: payment.card.last4, expirationDate: 'XXXX' } },
        refTransId: id,
        order: { invoiceNumber, description: `Refund of transaction ${id}` },
      },
    });
    const response = this.approved(answer, 'refundTransaction');
    // approved: Authorize.Net holds the refund (refundPendingSettlement), paid out with the next batch like a charge
    return { id: response.transId, status: 'completed', amount: input.amount, message: null };
  }

  /**
   * A refund of `paymentId` made under our reference's invoice number: among the unsettled
   * transactions first, then in the batches settled since `since` (that order: a refund the batch
   * takes between the two reads is in the second).
   */
  private async findRefund(paymentId: string, invoiceNumber: string, since: number): Promise<GatewayRefund | null> {
    const refundAmong = async (transactions: AsyncIterable<Json>): Promise<GatewayRefund | null> => {
      for await (const transaction of transactions) {
        const transId = text(transaction.invoiceNumber) === invoiceNumber ? text(transaction.transId) : undefined;
        const found = transId ? await this.refundOf(paymentId, transId) : null;
        if (found) return found;
      }
      return null;
    };
    const unsettled = await refundAmong(this.listed('getUnsettledTransactionList', {}));
    if (unsettled) return unsettled;
    for (const batchId of await this.settledBatchesSince(since)) {
      const settled = await refundAmong(this.listed('getTransactionList', { batchId }));
      if (settled) return settled;
    }
    return null;
  }

  /** Transaction `transId` as a refund of `paymentId`, or null when it is something else. */
  private async refundOf(paymentId: string, transId: string): Promise<GatewayRefund | null> {
    const details = await this.details(transId);
    if (text(details.transactionType) !== 'refundTransaction' || text(details.refTransId) !== paymentId) return null;
    const status = TRANSACTION_STATUSES[text(details.transactionStatus) ?? ''] ?? 'failed';
    return {
      id: transId,
      status: status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'pending',
      amount: dollarsToCents(details.authAmount) ?? dollarsToCents(details.settleAmount) ?? 0,
      message: status === 'completed' ? null : (text(details.responseReasonDescription)?.trim() || PAYMENT_ERROR),
    };
  }

  async update(id: string, _changes: { metadata: Record<string, string> }): Promise<GatewayPayment> {
    throw new GatewayDeclined('Authorize.Net cannot change a transaction after it is made.', await this.getStatus(id));
  }

  async parseWebhook(request: WebhookRequest): Promise<GatewayWebhookEvent> {
    return parseAuthorizeNetWebhook(request, this.options.signatureKey);
  }

  private async voidTransaction(id: string, refId?: string): Promise<string> {
    const answer = await this.call('createTransaction', { ...(refId ? { refId } : {}), transactionRequest: { transactionType: 'voidTransaction', refTransId: id } });
    return this.approved(answer, 'voidTransaction').transId || id;
  }

  /** A void or refund's answer: approved, or a refusal with Authorize.Net's words. */
  private approved(answer: Json, what: string): TransactionResponse {
    const response = transactionResponseOf(answer);
    if (!response) {
      const messages = messagesOf(answer);
      throw new AuthorizeNetError(`Authorize.Net refused ${what}: ${messages.code ?? ''} ${messages.text ?? ''}`.trim());
    }
    if (response.responseCode !== '1') throw new GatewayDeclined(response.errorText ?? PAYMENT_ERROR);
    return response;
  }
}

function paymentOfDetails(transaction: Json): GatewayPayment {
  const transactionStatus = text(transaction.transactionStatus) ?? '';
  const status = TRANSACTION_STATUSES[transactionStatus] ?? authorizeNetStatus(text(transaction.responseCode) ?? '', text(transaction.responseReasonCode));
  const card = isObject(transaction.payment) && isObject(transaction.payment.creditCard) ? transaction.payment.creditCard : {};
  const order = isObject(transaction.order) ? transaction.order : {};
  const invoiceNumber = text(order.invoiceNumber);
  return {
    id: text(transaction.transId) ?? '',
    rawStatus: transactionStatus,
    status,
    amount: dollarsToCents(transaction.authAmount) ?? dollarsToCents(transaction.settleAmount) ?? 0,
    currency: 'usd',
    nextAction: null,
    clientSecret: null,
    card: cardOf(card.cardNumber, card.cardType),
    message: status === 'failed' ? (text(transaction.responseReasonDescription)?.trim() || PAYMENT_ERROR) : null,
    metadata: invoiceNumber ? { invoiceNumber } : {},
  };
}

/** Spec §7's billTo/shipTo: firstName, lastName, address, city, state, zip (plus country). */
function addressOf(party: PaymentParty): Record<string, string> {
  const fields = {
    firstName: party.firstName,
    lastName: party.lastName,
    address: [party.street1, party.street2].filter((line) => line?.trim()).join(', '),
    city: party.city,
    state: party.state,
    zip: party.zipCode,
    country: party.countryId,
  };
  // Authorize.Net refuses empty elements: leave out what the order does not have
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''));
}

/**
 * The card token the checkout sends for Authorize.Net: Accept.js' opaque data as
 * `dataDescriptor:dataValue` (the descriptor has no colon; the value is base64).
 */
export function parseOpaqueToken(token: string | undefined): { dataDescriptor: string; dataValue: string } | null {
  const match = /^([A-Za-z0-9_.]+):([A-Za-z0-9+/=]+)$/.exec(token ?? '');
  return match ? { dataDescriptor: match[1]!, dataValue: match[2]! } : null;
}

/**
 * Authorize.Net's webhook: X-ANET-Signature `sha512=<HMAC-SHA512 of the raw body with the Signature
 * Key, hex>` (Authorize.Net sends it upper-case), compared in constant time. Event id =
 * notificationId; the payment = payload.id (the transId) for transaction events.
 */
export function parseAuthorizeNetWebhook(request: WebhookRequest, signatureKey: string | undefined): GatewayWebhookEvent {
  const header = request.headers['x-anet-signature'];
  const given = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const match = /^sha512=([0-9a-fA-F]{128})$/.exec(given);
  if (!signatureKey || !match) throw new WebhookSignatureError('The webhook has no valid X-ANET-Signature.');
  const expected = createHmac('sha512', signatureKey).update(request.rawBody).digest();
  if (!timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected)) throw new WebhookSignatureError('The X-ANET-Signature does not match.');
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('The webhook body is not JSON.');
  }
  const notificationId = isObject(body) ? text(body.notificationId) : undefined;
  if (!isObject(body) || !notificationId) throw new WebhookSignatureError('The webhook has no notificationId.');
  const payload = isObject(body.payload) ? body.payload : {};
  return {
    id: notificationId,
    type: text(body.eventType) ?? '',
    paymentId: payload.entityName === 'transaction' ? (text(payload.id) ?? null) : null,
  };
}
