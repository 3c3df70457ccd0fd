import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, sendText, type RecordedRequest, type StandInServer } from '../http.js';
import { ACCEPT_JS_SOURCE } from './accept-js.js';
import { cardTypeOf, luhnValid, outcomeOfCard, type AuthorizeNetOutcome } from './cards.js';
import type { AuthorizeNetAddress, StandInBatch, StandInTransaction } from './model.js';
import { CORS, answer, dollars, failure, isObject, ok, str, type Json } from './replies.js';
import { reportingApi } from './reporting.js';

/**
 * A local stand-in for Authorize.Net's JSON API (POST /xml/v1/request.api, what the `authorizenet`
 * SDK posts) and its Accept.js (GET /v1/Accept.js). It checks what Authorize.Net checks
 * (merchantAuthentication name + transactionKey, or + clientKey for Accept.js; amounts as decimal
 * text with at most 2 decimals; USD; invoiceNumber and refId at most 20 characters; an opaque
 * data value used once) and answers in Authorize.Net's documented shapes, each answer starting with
 * a byte order mark like Authorize.Net's own (the SDK's HTTP client strips it).
 *
 * Its reporting API answers what a caller finds transactions by: getTransactionDetails,
 * getUnsettledTransactionList (newest or oldest first, a page of at most 1000), getSettledBatchList
 * (the batches settled between two dates at most 31 days apart, both given or neither: then the last
 * 24 hours) and getTransactionList (a settled batch's transactions, a page at a time).
 *
 * Test controls (not Authorize.Net's): `settle()` (or POST /__stand-in/authorizenet/settle) runs the
 * nightly settlement, one batch; `failNext(n)` (or POST /__stand-in/authorizenet/fail-next?count=n) answers the
 * next n API calls 503 without doing anything; the serverError card is charged but answered 500, and
 * `loseNextAnswer(type)` does the same to the next transaction of a type (a refund, a void);
 * `webhook()`/`sendWebhook()` make signed webhooks like Authorize.Net's.
 */
export interface AuthorizeNetCredentials {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
  signatureKey: string;
}

/** The stand-in's default credentials (e2e and tests set the AUTHORIZENET_* variables to these). */
export const AUTHORIZENET_STAND_IN_CREDENTIALS: Readonly<AuthorizeNetCredentials> = Object.freeze({
  apiLoginId: '5KP3u95bQpv',
  transactionKey: '346HZ32z3fP4hTG2',
  clientKey: '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY',
  signatureKey: 'A'.repeat(32) + '0123456789ABCDEF'.repeat(6),
});

export type { AuthorizeNetAddress, StandInBatch, StandInTransaction } from './model.js';

export interface AuthorizeNetStandIn extends StandInServer {
  readonly credentials: AuthorizeNetCredentials;
  readonly transactions: ReadonlyMap<string, StandInTransaction>;
  /** the nightly batch: captured transactions settle, refunds settle; `at` is its settlement time (default now) */
  settle(at?: Date): void;
  readonly batches: readonly StandInBatch[];
  /** the approved refundTransactions of a transaction, oldest first (Authorize.Net has no idempotency key: each call is one) */
  refundsOf(transId: string): StandInTransaction[];
  /** the next `count` API calls answer 503 and change nothing */
  failNext(count?: number): void;
  /** the next createTransaction of this type is carried out, but answered 500 (its answer lost on the way) */
  loseNextAnswer(transactionType: 'authCaptureTransaction' | 'refundTransaction' | 'voidTransaction'): void;
  /** a webhook about a transaction as Authorize.Net sends it, signed with the signature key (or another) */
  webhook(transId: string, options?: { eventType?: string; notificationId?: string; signatureKey?: string }): { headers: Record<string, string>; body: string };
  /** posts that webhook to `url` */
  sendWebhook(url: string, transId: string, options?: { eventType?: string; notificationId?: string; signatureKey?: string }): Promise<number>;
}

const APPROVED = 'This transaction has been approved.';
const DECLINED = 'This transaction has been declined.';
const HELD = 'Your order has been received. Thank you for your business!';
/** how long a token from Accept.js lives (Authorize.Net: 15 minutes) */
const TOKEN_TTL_MS = 15 * 60_000;
/** Authorize.Net's default duplicate window: the same card, amount and invoice within 2 minutes is refused */
const DUPLICATE_WINDOW_MS = 120_000;

/** "21.71" -> 2171; undefined for anything but decimal text with at most 2 decimals */
function centsOf(amount: unknown): number | undefined {
  const text = typeof amount === 'number' ? String(amount) : amount;
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : undefined;
}

export async function startAuthorizeNetStandIn(
  options: { port?: number; credentials?: Partial<AuthorizeNetCredentials>; webhookUrl?: string } = {},
): Promise<AuthorizeNetStandIn> {
  const credentials: AuthorizeNetCredentials = { ...AUTHORIZENET_STAND_IN_CREDENTIALS, ...options.credentials };
  const transactions = new Map<string, StandInTransaction>();
  const batches: StandInBatch[] = [];
  let nextBatchId = 10_000_000 + Math.floor(Math.random() * 1_000_000);
  const tokens = new Map<string, { cardNumber: string; expirationDate: string; expires: number }>();
  const recent: { key: string; at: number }[] = [];
  let failures = 0;
  /** transaction types whose next request is carried out but answered 500 (loseNextAnswer) */
  const lostAnswers: string[] = [];
  let nextId = 60_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
  const newTransId = () => String((nextId += 1));

  function webhook(transId: string, opts: { eventType?: string; notificationId?: string; signatureKey?: string } = {}) {
    const transaction = transactions.get(transId);
    const body = JSON.stringify({
      notificationId: opts.notificationId ?? randomUUID(),
      eventType: opts.eventType ?? 'net.authorize.payment.authcapture.created',
      eventDate: new Date().toISOString(),
      webhookId: 'a7ca7d63-7d48-4e2e-8d9b-1b3c3b5a9f60',
      payload: {
        responseCode: transaction?.responseCode ?? 1,
        authCode: 'LZ6I19',
        avsResponse: 'Y',
        authAmount: transaction ? dollars(transaction.amountCents) : 0,
        invoiceNumber: transaction?.invoiceNumber ?? undefined,
        entityName: 'transaction',
        id: transId,
      },
    });
    // Authorize.Net: X-ANET-Signature: sha512=<HMAC-SHA512 of the body with the signature key, upper-case hex>
    const signature = createHmac('sha512', opts.signatureKey ?? credentials.signatureKey).update(body).digest('hex').toUpperCase();
    return { headers: { 'content-type': 'application/json', 'x-anet-signature': `sha512=${signature}` }, body };
  }

  async function sendWebhook(url: string, transId: string, opts: Parameters<typeof webhook>[1] = {}): Promise<number> {
    const { headers, body } = webhook(transId, opts);
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.body?.cancel().catch(() => undefined);
    return res.status;
  }

  function settle(at = new Date()): void {
    const batch: StandInBatch = { batchId: String((nextBatchId += 1)), settlementTimeUTC: at.toISOString(), transIds: [] };
    for (const transaction of transactions.values()) {
      const settled = ({ capturedPendingSettlement: 'settledSuccessfully', refundPendingSettlement: 'refundSettledSuccessfully' } as Record<string, string>)[transaction.transactionStatus];
      if (!settled) continue;
      transaction.transactionStatus = settled;
      transaction.batchId = batch.batchId;
      batch.transIds.push(transaction.transId);
    }
    // a day with nothing to settle makes no batch
    if (batch.transIds.length > 0) batches.push(batch);
  }

  function transactionResponse(
    transaction: Pick<StandInTransaction, 'transId' | 'responseCode' | 'last4' | 'cardType'> & { refTransId?: string | null },
    result: { messages?: { code: string; description: string }[]; errors?: { errorCode: string; errorText?: string }[] },
  ): Json {
    return {
      responseCode: String(transaction.responseCode),
      authCode: transaction.responseCode === 1 || transaction.responseCode === 4 ? 'ABC123' : '',
      avsResultCode: 'Y',
      cvvResultCode: 'P',
      cavvResultCode: '2',
      transId: transaction.transId,
      refTransID: transaction.refTransId ?? '',
      transHash: '',
      testRequest: '0',
      accountNumber: `XXXX${transaction.last4}`,
      accountType: transaction.cardType,
      ...(result.messages ? { messages: result.messages } : {}),
      ...(result.errors ? { errors: result.errors } : {}),
      transHashSha2: '',
      SupplementalDataQualificationIndicator: 0,
    };
  }

  /** createTransactionRequest, authCaptureTransaction: the card the opaque data stands for decides. */
  function authCapture(request: Json, refId: string | undefined, response: ServerResponse): void {
    const cents = centsOf(request.amount);
    const currency = str(request.currencyCode);
    const order = isObject(request.order) ? request.order : {};
    const invoiceNumber = str(order.invoiceNumber) ?? null;
    const billTo = isObject(request.billTo) ? (request.billTo as AuthorizeNetAddress) : null;
    const shipTo = isObject(request.shipTo) ? (request.shipTo as AuthorizeNetAddress) : null;
    const customer = isObject(request.customer) ? request.customer : {};
    const opaque = isObject(request.payment) && isObject(request.payment.opaqueData) ? request.payment.opaqueData : null;
    const refusal = (errorCode: string, errorText: string, code = 'E00027', text = 'The transaction was unsuccessful.') =>
      answer(response, {
        transactionResponse: { responseCode: '3', transId: '0', accountNumber: '', accountType: '', errors: [{ errorCode, errorText }] },
        ...(refId ? { refId } : {}),
        messages: failure(code, text),
      });
    if (cents === undefined || cents <= 0) return refusal('5', 'A valid amount is required.');
    if (currency !== undefined && currency !== 'USD') return refusal('39', 'The supplied currency code is either invalid, not supported, not allowed for this merchant or doesnt have an exchange rate.');
    if (invoiceNumber !== null && invoiceNumber.length > 20) return answer(response, { messages: failure('E00003', "The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:invoiceNumber' element is invalid - The actual length is greater than the MaxLength value.") });
    if (!opaque || str(opaque.dataDescriptor) !== 'COMMON.ACCEPT.INAPP.PAYMENT') return refusal('E00114', 'Invalid OTS Token.', 'E00114', 'Invalid OTS Token.');
    const token = tokens.get(str(opaque.dataValue) ?? '');
    // a token from Accept.js is good once, for 15 minutes
    if (!token || token.expires < Date.now()) return refusal('E00114', 'Invalid OTS Token.', 'E00114', 'Invalid OTS Token.');
    tokens.delete(str(opaque.dataValue) ?? '');

    const duplicateKey = `${token.cardNumber}|${cents}|${invoiceNumber ?? ''}`;
    const now = Date.now();
    if (recent.some((entry) => entry.key === duplicateKey && now - entry.at < DUPLICATE_WINDOW_MS)) {
      return refusal('11', 'A duplicate transaction has been submitted.');
    }
    recent.push({ key: duplicateKey, at: now });

    const outcome: AuthorizeNetOutcome = outcomeOfCard(token.cardNumber, billTo?.zip);
    const plan: Record<AuthorizeNetOutcome, { code: number; reason: number; status: string; text: string; error?: boolean }> = {
      approved: { code: 1, reason: 1, status: 'capturedPendingSettlement', text: APPROVED },
      serverError: { code: 1, reason: 1, status: 'capturedPendingSettlement', text: APPROVED },
      declined: { code: 2, reason: 2, status: 'declined', text: DECLINED, error: true },
      error: { code: 3, reason: 8, status: 'generalError', text: 'The credit card has expired.', error: true },
      errorWithoutText: { code: 3, reason: 3, status: 'generalError', text: '', error: true },
      heldForReview: { code: 4, reason: 252, status: 'FDSPendingReview', text: HELD },
      authorizedHeldForReview: { code: 4, reason: 253, status: 'FDSAuthorizedPendingReview', text: HELD },
    };
    const step = plan[outcome];
    const transaction: StandInTransaction = {
      transId: newTransId(),
      transactionType: 'authCaptureTransaction',
      transactionStatus: step.status,
      responseCode: step.code,
      responseReasonCode: step.reason,
      responseReasonDescription: step.text,
      amountCents: cents,
      refundedCents: 0,
      last4: token.cardNumber.slice(-4),
      cardType: cardTypeOf(token.cardNumber),
      invoiceNumber,
      description: str(order.description) ?? null,
      email: str(customer.email) ?? null,
      billTo,
      shipTo,
      refTransId: null,
      submitTimeUTC: new Date().toISOString(),
      batchId: null,
    };
    transactions.set(transaction.transId, transaction);
    if (options.webhookUrl) {
      void sendWebhook(options.webhookUrl, transaction.transId).catch(() => undefined);
    }
    if (outcome === 'serverError') return answer(response, { messages: failure('E00001', 'An error occurred during processing. Please try again.') }, 500);
    const body = step.error
      ? {
          transactionResponse: transactionResponse(transaction, {
            errors: [outcome === 'errorWithoutText' ? { errorCode: String(step.reason) } : { errorCode: String(step.reason), errorText: step.text }],
          }),
          messages: failure('E00027', 'The transaction was unsuccessful.'),
        }
      : { transactionResponse: transactionResponse(transaction, { messages: [{ code: String(step.reason), description: step.text }] }), messages: ok() };
    answer(response, { ...body, ...(refId ? { refId } : {}) });
  }

  /** voidTransaction: anything not settled yet (held ones included) becomes voided. */
  function voidTransaction(request: Json, refId: string | undefined, response: ServerResponse): void {
    const original = transactions.get(str(request.refTransId) ?? '');
    const refuse = (errorCode: string, errorText: string) =>
      answer(response, {
        transactionResponse: { responseCode: '3', transId: '0', refTransID: str(request.refTransId) ?? '', errors: [{ errorCode, errorText }] },
        ...(refId ? { refId } : {}),
        messages: failure('E00027', 'The transaction was unsuccessful.'),
      });
    if (!original) return refuse('16', 'The transaction cannot be found.');
    if (original.transactionStatus === 'voided') return refuse('310', 'This transaction has already been voided.');
    if (!['capturedPendingSettlement', 'FDSPendingReview', 'FDSAuthorizedPendingReview', 'authorizedPendingCapture', 'refundPendingSettlement'].includes(original.transactionStatus)) {
      return refuse('16', 'The transaction cannot be found.');
    }
    original.transactionStatus = 'voided';
    original.responseCode = 1;
    answer(response, {
      transactionResponse: transactionResponse({ ...original, refTransId: original.transId }, { messages: [{ code: '1', description: APPROVED }] }),
      ...(refId ? { refId } : {}),
      messages: ok(),
    });
  }

  /**
   * refundTransaction: a settled transaction, the card's last four, at most what is left of it after
   * its earlier refunds. Authorize.Net has no idempotency key: each approved call is a new refund
   * (its own transId, refundPendingSettlement until the next batch), listed among the unsettled
   * transactions with the order.invoiceNumber it was sent with, which is how a caller finds it again.
   */
  function refundTransaction(request: Json, refId: string | undefined, response: ServerResponse): void {
    const original = transactions.get(str(request.refTransId) ?? '');
    const cents = centsOf(request.amount);
    const order = isObject(request.order) ? request.order : {};
    const invoiceNumber = str(order.invoiceNumber) ?? null;
    if (invoiceNumber !== null && invoiceNumber.length > 20) return answer(response, { messages: failure('E00003', "The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:invoiceNumber' element is invalid - The actual length is greater than the MaxLength value.") });
    const card = isObject(request.payment) && isObject(request.payment.creditCard) ? request.payment.creditCard : {};
    const last4 = (str(card.cardNumber) ?? '').slice(-4);
    const refuse = (errorCode: string, errorText: string) =>
      answer(response, {
        transactionResponse: { responseCode: '3', transId: '0', refTransID: str(request.refTransId) ?? '', errors: [{ errorCode, errorText }] },
        ...(refId ? { refId } : {}),
        messages: failure('E00027', 'The transaction was unsuccessful.'),
      });
    if (cents === undefined || cents <= 0) return refuse('5', 'A valid amount is required.');
    if (!original || original.transactionStatus !== 'settledSuccessfully' || original.last4 !== last4 || cents > original.amountCents - original.refundedCents) {
      return refuse('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
    }
    original.refundedCents += cents;
    const refund: StandInTransaction = {
      ...original,
      transId: newTransId(),
      transactionType: 'refundTransaction',
      transactionStatus: 'refundPendingSettlement',
      responseCode: 1,
      responseReasonCode: 1,
      responseReasonDescription: APPROVED,
      amountCents: cents,
      refundedCents: 0,
      // the refund's own order fields, never the charge's (a charge's invoice number names the charge)
      invoiceNumber,
      description: str(order.description) ?? null,
      refTransId: original.transId,
      submitTimeUTC: new Date().toISOString(),
      batchId: null,
    };
    transactions.set(refund.transId, refund);
    answer(response, {
      transactionResponse: transactionResponse(refund, { messages: [{ code: '1', description: APPROVED }] }),
      ...(refId ? { refId } : {}),
      messages: ok(),
    });
  }

  const { details, unsettledList, settledBatchList, batchTransactionList } = reportingApi(transactions, batches);

  /** securePaymentContainerRequest, what Accept.js posts from the browser: the card for opaque data. */
  function securePaymentContainer(request: Json, response: ServerResponse): void {
    const auth = isObject(request.merchantAuthentication) ? request.merchantAuthentication : {};
    if (auth.name !== credentials.apiLoginId || auth.clientKey !== credentials.clientKey) {
      return answer(response, { messages: failure('E00007', 'User authentication failed due to invalid authentication values.') });
    }
    const data = isObject(request.data) && isObject(request.data.token) ? request.data.token : {};
    const cardNumber = str(data.cardNumber) ?? '';
    const expirationDate = str(data.expirationDate) ?? '';
    if (!luhnValid(cardNumber)) return answer(response, { messages: failure('E_WC_05', 'Please provide valid credit card number.') });
    if (!/^(0[1-9]|1[0-2])\d{4}$/.test(expirationDate)) return answer(response, { messages: failure('E_WC_08', 'Expiration date must be in the future.') });
    // like Authorize.Net's: base64 (with + / =), several hundred characters
    const dataValue = randomBytes(190).toString('base64');
    tokens.set(dataValue, { cardNumber, expirationDate, expires: Date.now() + TOKEN_TTL_MS });
    answer(response, {
      opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue },
      messages: ok(),
    });
  }

  const server = await listen(async (request: RecordedRequest, response) => {
    const path = request.path.split('?')[0];
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
      response.end();
      return;
    }
    if (request.method === 'GET' && path === '/v1/Accept.js') {
      return sendText(response, 200, ACCEPT_JS_SOURCE, 'application/javascript; charset=utf-8', { 'cache-control': 'no-store', ...CORS });
    }
    if (request.method === 'POST' && path === '/__stand-in/authorizenet/settle') {
      settle();
      return answer(response, { settled: true });
    }
    if (request.method === 'POST' && path === '/__stand-in/authorizenet/fail-next') {
      failures += Number(new URL(request.path, 'http://x').searchParams.get('count') ?? 1) || 1;
      return answer(response, { failNext: failures });
    }
    if (request.method !== 'POST' || path !== '/xml/v1/request.api') {
      return sendText(response, 404, 'Not Found', 'text/plain');
    }
    if (failures > 0) {
      failures -= 1;
      return sendText(response, 503, '<html><body>Service Unavailable</body></html>', 'text/html', CORS);
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body.replace(/^\uFEFF/, ''));
    } catch {
      return answer(response, { messages: failure('E00003', 'An error occurred while parsing the request.') });
    }
    const [kind, inner] = isObject(body) ? (Object.entries(body)[0] ?? []) : [];
    if (typeof kind !== 'string' || !isObject(inner)) return answer(response, { messages: failure('E00003', 'The request is not valid.') });
    if (kind === 'securePaymentContainerRequest') return securePaymentContainer(inner, response);

    const refId = str(inner.refId);
    if (refId !== undefined && refId.length > 20) {
      return answer(response, { messages: failure('E00003', "The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:refId' element is invalid - The actual length is greater than the MaxLength value.") });
    }
    const auth = isObject(inner.merchantAuthentication) ? inner.merchantAuthentication : {};
    if (auth.name !== credentials.apiLoginId || auth.transactionKey !== credentials.transactionKey) {
      return answer(response, { ...(refId ? { refId } : {}), messages: failure('E00007', 'User authentication failed due to invalid authentication values.') });
    }
    switch (kind) {
      case 'createTransactionRequest': {
        const transactionRequest = isObject(inner.transactionRequest) ? inner.transactionRequest : {};
        const type = str(transactionRequest.transactionType);
        const lost = lostAnswers.indexOf(type ?? '');
        if (lost >= 0) {
          // carried out, then the answer is lost on the way: only asking again tells the caller what happened
          lostAnswers.splice(lost, 1);
          const discard = { writeHead: () => discard, end: () => discard } as unknown as ServerResponse;
          if (type === 'refundTransaction') refundTransaction(transactionRequest, refId, discard);
          else if (type === 'voidTransaction') voidTransaction(transactionRequest, refId, discard);
          else authCapture(transactionRequest, refId, discard);
          return answer(response, { messages: failure('E00001', 'An error occurred during processing. Please try again.') }, 500);
        }
        if (type === 'authCaptureTransaction') return authCapture(transactionRequest, refId, response);
        if (type === 'voidTransaction') return voidTransaction(transactionRequest, refId, response);
        if (type === 'refundTransaction') return refundTransaction(transactionRequest, refId, response);
        return answer(response, { messages: failure('E00003', `The transaction type ${type ?? ''} is not supported by the stand-in.`) });
      }
      case 'getTransactionDetailsRequest': {
        const transaction = transactions.get(str(inner.transId) ?? '');
        if (!transaction) return answer(response, { ...(refId ? { refId } : {}), messages: failure('E00040', 'The record cannot be found.') });
        return answer(response, { ...(refId ? { refId } : {}), transaction: details(transaction), messages: ok() });
      }
      case 'getUnsettledTransactionListRequest':
        return unsettledList(inner, response);
      case 'getSettledBatchListRequest':
        return settledBatchList(inner, response);
      case 'getTransactionListRequest':
        return batchTransactionList(inner, response);
      default:
        return answer(response, { messages: failure('E00045', `The stand-in does not answer ${kind}.`) });
    }
  }, options.port ?? 0);

  return Object.assign(server, {
    credentials,
    transactions,
    batches,
    settle,
    refundsOf: (transId: string) => [...transactions.values()].filter((transaction) => transaction.transactionType === 'refundTransaction' && transaction.refTransId === transId),
    failNext: (count = 1) => {
      failures += count;
    },
    loseNextAnswer: (transactionType: string) => {
      lostAnswers.push(transactionType);
    },
    webhook,
    sendWebhook,
  });
}
