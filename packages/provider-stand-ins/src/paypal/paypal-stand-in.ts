import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { listen, sendJson, sendText, type RecordedRequest, type StandInServer } from '../http.js';
import { approvalPage, approvalAnsweredPopupPage } from './paypal-approval-page.js';
import type { Money, StandInCapture, StandInOrder, StandInRefund } from './paypal-order.js';
import { PAYPAL_JS_SDK_STAND_IN } from './paypal-js-sdk.js';

/**
 * PayPal's REST API as the payments service's PayPal adapter (the official @paypal/paypal-server-sdk)
 * uses it, after PayPal's published API description (paypal/PayPal-TypeScript-Server-SDK, the
 * Orders v2, Payments v2, Transaction Search and Webhooks Management APIs):
 *
 * - `POST /v1/oauth2/token`: client credentials (HTTP Basic client id:secret, grant_type=client_credentials);
 *   every other call needs `Authorization: Bearer <that token>` (401 AUTHENTICATION_FAILURE otherwise).
 * - `/v2/checkout/orders`: create (intent CAPTURE, one purchase unit, USD, amounts as strings with 2
 *   decimals; `PayPal-Request-Id` replays answer the order first made with it), show, patch
 *   (amount, custom_id, invoice_id while the order waits for the payer), capture (422 ORDER_NOT_APPROVED
 *   before the payer approved, INSTRUMENT_DECLINED when the payer's funding is refused, a PENDING
 *   capture when PayPal reviews it; `PayPal-Request-Id` replays answer the first capture).
 * - `POST /v2/payments/captures/{id}/refund` (`PayPal-Request-Id` replays answer the first refund),
 *   `GET /v2/payments/refunds/{id}`, `GET /v1/reporting/transactions` (the captures, with
 *   their invoice_id), `POST /v1/notifications/verify-webhook-signature`.
 * - The payer's side: `/checkoutnow?token={order id}` (the approve link), where the shopper pays (or
 *   pays with a funding source that will be declined, or that PayPal holds for review) or cancels, and
 *   is sent to the order's return_url / cancel_url with `token` (and `PayerID`), like PayPal; opened
 *   as a popup by the JS SDK stand-in (`/sdk/js`), it answers the opener by postMessage instead.
 *
 * Every error has PayPal's shape: { name, message, debug_id, details: [{ issue, description }], links }.
 */
export interface PayPalStandInOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** the id PayPal gave the merchant's webhook (PAYPAL_WEBHOOK_ID); signatures are checked against it */
  webhookId?: string;
}

/** What the payer chose on the approval page: how their funding source behaves at capture. */
export type PayerChoice = 'approve' | 'decline' | 'pending' | 'cancel';

export interface PayPalStandIn extends StandInServer {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  /** the next request matching `method` and `path` answers `status` (a PayPal server error) instead */
  failNext(match: { method: string; path: RegExp }, status?: number): void;
  /** a webhook event about an order as PayPal sends it: headers and raw body, signed (or with a signature PayPal never made) */
  webhook(event: { id: string; eventType: string; orderId: string }, options?: { signed?: boolean; webhookId?: string }): { headers: Record<string, string>; body: string };
  /** the order as the stand-in holds it (tests) */
  order(id: string): StandInOrder | undefined;
  /** the refunds made of an order's capture, oldest first (a refund repeated with its PayPal-Request-Id is one) */
  refunds(orderId: string): StandInRefund[];
}

const USD_AMOUNT = /^\d{1,10}\.\d{2}$/;

function debugId(): string {
  return randomBytes(7).toString('hex');
}

/** PayPal's error body. */
function paypalError(response: ServerResponse, status: number, name: string, message: string, issue?: string, description?: string): void {
  sendJson(response, status, {
    name,
    message,
    debug_id: debugId(),
    ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`, rel: 'information_link', method: 'GET' }],
  });
}

const unprocessable = (response: ServerResponse, issue: string, description: string) =>
  paypalError(response, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issue, description);

const notFound = (response: ServerResponse) =>
  paypalError(response, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');

const invalidRequest = (response: ServerResponse, issue: string, description: string) =>
  paypalError(response, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, description);

function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** PayPal ids: 17 upper-case letters and digits. */
function paypalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('');
}

const centsOf = (value: string) => Math.round(Number(value) * 100);
const valueOf = (cents: number) => (cents / 100).toFixed(2);

export async function startPayPalStandIn(options: PayPalStandInOptions = {}): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? 'stand-in-paypal-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-paypal-client-secret';
  const webhookId = options.webhookId ?? 'WH-STAND-IN-0001';
  /** signs webhooks (PayPal signs with its certificate's key; only PayPal can check the signature, as here) */
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, StandInOrder>();
  const captures = new Map<string, string>(); // capture id -> order id
  /** PayPal-Request-Id -> the order it made or captured (PayPal keeps them for hours; kept here for the process) */
  const createRequests = new Map<string, string>();
  const captureRequests = new Map<string, string>();
  /** PayPal-Request-Id -> the refund it made (PayPal keeps a refund's request id for 45 days) */
  const refundRequests = new Map<string, StandInRefund>();
  const refunds = new Map<string, StandInRefund>();
  const failures: { method: string; path: RegExp; status: number }[] = [];
  let base = '';

  const links = (order: StandInOrder) => {
    const self = `${base}/v2/checkout/orders/${order.id}`;
    const waiting = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
    return [
      { href: self, rel: 'self', method: 'GET' },
      ...(waiting ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: order.experienceContext ? 'payer-action' : 'approve', method: 'GET' }] : []),
      ...(order.status !== 'COMPLETED' ? [{ href: self, rel: 'update', method: 'PATCH' }] : []),
      ...(order.status === 'APPROVED' ? [{ href: `${self}/capture`, rel: 'capture', method: 'POST' }] : []),
    ];
  };

  const captureView = (order: StandInOrder, capture: StandInCapture) => ({
    id: capture.id,
    status: capture.status,
    ...(capture.status_details ? { status_details: capture.status_details } : {}),
    amount: capture.amount,
    final_capture: true,
    ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
    ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: capture.create_time,
    update_time: capture.create_time,
    links: [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  });

  const view = (order: StandInOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(order.payerId
      ? {
          payment_source: { paypal: { email_address: 'shopper@example.com', account_id: order.payerId, account_status: 'VERIFIED', name: { given_name: 'Stand', surname: 'In' } } },
          payer: { name: { given_name: 'Stand', surname: 'In' }, email_address: 'shopper@example.com', payer_id: order.payerId },
        }
      : {}),
    purchase_units: [
      {
        reference_id: 'default',
        amount: order.amount,
        payee: { email_address: 'merchant@example.com', merchant_id: 'STANDINMERCHANT' },
        ...(order.description ? { description: order.description } : {}),
        ...(order.customId ? { custom_id: order.customId } : {}),
        ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
        ...(order.capture ? { payments: { captures: [captureView(order, order.capture)] } } : {}),
      },
    ],
    create_time: order.createTime,
    update_time: order.updateTime,
    links: links(order),
  });

  /** Prefer: return=representation gives the whole order; PayPal's default (return=minimal) id, status and links. */
  const answerOrder = (request: RecordedRequest, response: ServerResponse, status: number, order: StandInOrder) => {
    const full = header(request, 'prefer')?.includes('return=representation');
    sendJson(response, status, full ? view(order) : { id: order.id, status: order.status, links: links(order) });
  };

  function bearerOk(request: RecordedRequest, response: ServerResponse): boolean {
    const match = /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '');
    if (match && tokens.has(match[1]!)) return true;
    paypalError(response, 401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    return false;
  }

  function oauthToken(request: RecordedRequest, response: ServerResponse): void {
    const basic = /^Basic (.+)$/.exec(header(request, 'authorization') ?? '');
    const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    if (id !== clientId || secret !== clientSecret) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
      return sendJson(response, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    sendJson(response, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/reporting/search/read',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-STANDIN',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
    });
  }

  function amountProblem(amount: unknown): string | null {
    if (!isRecord(amount)) return 'MISSING_REQUIRED_PARAMETER';
    if (amount.currency_code !== 'USD') return 'CURRENCY_NOT_SUPPORTED';
    if (typeof amount.value !== 'string' || !USD_AMOUNT.test(amount.value)) return 'DECIMAL_PRECISION';
    if (centsOf(amount.value) <= 0) return 'CANNOT_BE_ZERO_OR_NEGATIVE';
    return null;
  }

  function createOrder(request: RecordedRequest, response: ServerResponse): void {
    const requestId = header(request, 'paypal-request-id');
    const replayed = requestId ? createRequests.get(requestId) : undefined;
    if (replayed) return answerOrder(request, response, 200, orders.get(replayed)!);
    const body = parseJson(request.body);
    if (!isRecord(body)) return invalidRequest(response, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalidRequest(response, 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE');
    if (body.intent !== 'CAPTURE') return unprocessable(response, 'ACTION_NOT_SUPPORTED', 'The stand-in takes intent CAPTURE only.');
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1 || !isRecord(units[0])) return invalidRequest(response, 'MISSING_REQUIRED_PARAMETER', 'One purchase unit is expected.');
    const unit = units[0];
    const problem = amountProblem(unit.amount);
    if (problem) return unprocessable(response, problem, `purchase_units[0].amount: ${problem}`);
    const experience = isRecord(body.payment_source) && isRecord(body.payment_source.paypal) ? body.payment_source.paypal.experience_context : undefined;
    const context = isRecord(experience) ? experience : isRecord(body.application_context) ? body.application_context : {};
    const now = new Date().toISOString();
    const order: StandInOrder = {
      id: paypalId(),
      status: isRecord(experience) ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      amount: unit.amount as Money,
      ...(typeof unit.invoice_id === 'string' ? { invoiceId: unit.invoice_id } : {}),
      ...(typeof unit.custom_id === 'string' ? { customId: unit.custom_id } : {}),
      ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
      ...(typeof context.return_url === 'string' ? { returnUrl: context.return_url } : {}),
      ...(typeof context.cancel_url === 'string' ? { cancelUrl: context.cancel_url } : {}),
      experienceContext: isRecord(experience),
      funding: 'good',
      createTime: now,
      updateTime: now,
    };
    orders.set(order.id, order);
    if (requestId) createRequests.set(requestId, order.id);
    answerOrder(request, response, 201, order);
  }

  function patchOrder(order: StandInOrder, request: RecordedRequest, response: ServerResponse): void {
    const operations = parseJson(request.body);
    if (!Array.isArray(operations)) return invalidRequest(response, 'MALFORMED_REQUEST_JSON', 'A JSON Patch array is expected.');
    if (order.status === 'COMPLETED' || order.status === 'VOIDED') return unprocessable(response, 'ORDER_ALREADY_COMPLETED', 'The order cannot be patched after it is completed.');
    const changes: Partial<StandInOrder> = {};
    for (const operation of operations) {
      if (!isRecord(operation) || !['replace', 'add', 'remove'].includes(String(operation.op))) return invalidRequest(response, 'INVALID_PATCH_OPERATION', 'The operation is not supported.');
      const match = /^\/purchase_units\/@reference_id=='default'\/(amount|custom_id|invoice_id|description)$/.exec(String(operation.path));
      if (!match) return unprocessable(response, 'PATCH_PATH_NOT_SUPPORTED', `The path ${String(operation.path)} cannot be patched.`);
      const field = match[1]!;
      if (field === 'amount') {
        const problem = amountProblem(operation.value);
        if (problem) return unprocessable(response, problem, `amount: ${problem}`);
        changes.amount = operation.value as Money;
      } else {
        const value = operation.op === 'remove' ? undefined : operation.value;
        if (value !== undefined && (typeof value !== 'string' || value.length > 127)) return unprocessable(response, 'INVALID_PARAMETER_VALUE', `${field} must be a string of at most 127 characters.`);
        const key = field === 'custom_id' ? 'customId' : field === 'invoice_id' ? 'invoiceId' : 'description';
        (changes as Record<string, unknown>)[key] = value;
      }
    }
    Object.assign(order, changes, { updateTime: new Date().toISOString() });
    response.writeHead(204).end();
  }

  function captureOrder(order: StandInOrder, request: RecordedRequest, response: ServerResponse): void {
    const requestId = header(request, 'paypal-request-id');
    if (requestId && captureRequests.get(requestId) === order.id) return answerOrder(request, response, 200, order);
    if (order.status === 'COMPLETED') return unprocessable(response, 'ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
    if (order.status !== 'APPROVED') return unprocessable(response, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.');
    if (order.funding === 'declined') {
      return unprocessable(response, 'INSTRUMENT_DECLINED', 'The instrument presented  was either declined by the processor or bank, or it can\'t be used for this payment.');
    }
    const capture: StandInCapture = {
      id: paypalId(),
      status: order.funding === 'pending' ? 'PENDING' : 'COMPLETED',
      ...(order.funding === 'pending' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: order.amount,
      ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
      ...(order.customId ? { custom_id: order.customId } : {}),
      refunded: 0,
      create_time: new Date().toISOString(),
    };
    Object.assign(order, { status: 'COMPLETED', capture, updateTime: capture.create_time });
    captures.set(capture.id, order.id);
    if (requestId) captureRequests.set(requestId, order.id);
    answerOrder(request, response, 201, order);
  }

  const refundView = (refund: StandInRefund) => ({
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    ...(refund.invoiceId ? { invoice_id: refund.invoiceId } : {}),
    ...(refund.customId ? { custom_id: refund.customId } : {}),
    create_time: refund.createTime,
    update_time: refund.createTime,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  });

  /**
   * POST /v2/payments/captures/{id}/refund (Payments v2): an empty body refunds what is left, an
   * amount refunds that part. A PayPal-Request-Id seen before answers the refund it made (PayPal:
   * "returns the latest status of the previous request"), never a second one; without one, every call
   * is a new refund. PayPal refuses a capture still pending (PENDING_CAPTURE), one fully refunded
   * (CAPTURE_FULLY_REFUNDED) and more than is left (REFUND_AMOUNT_EXCEEDED).
   */
  function refundCapture(captureId: string, request: RecordedRequest, response: ServerResponse): void {
    const requestId = header(request, 'paypal-request-id');
    const replay = requestId ? refundRequests.get(requestId) : undefined;
    if (replay) return sendJson(response, 200, refundView(replay));
    const orderId = captures.get(captureId);
    const order = orderId ? orders.get(orderId) : undefined;
    const capture = order?.capture;
    if (!order || !capture) return notFound(response);
    const body = parseJson(request.body);
    if (request.body.trim() !== '' && !isRecord(body)) return invalidRequest(response, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    const wanted = isRecord(body) && body.amount !== undefined ? body.amount : undefined;
    if (wanted !== undefined) {
      const problem = amountProblem(wanted);
      if (problem) return unprocessable(response, problem, `amount: ${problem}`);
    }
    const total = centsOf(capture.amount.value);
    const cents = wanted ? centsOf((wanted as Money).value) : total - capture.refunded;
    if (capture.status === 'PENDING') return unprocessable(response, 'PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.');
    if (capture.status === 'REFUNDED') return unprocessable(response, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (cents > total - capture.refunded) return unprocessable(response, 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    capture.refunded += cents;
    capture.status = capture.refunded >= total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const refund: StandInRefund = {
      id: paypalId(),
      captureId: capture.id,
      orderId: order.id,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: valueOf(cents) },
      ...(isRecord(body) && typeof body.invoice_id === 'string' ? { invoiceId: body.invoice_id } : capture.invoice_id ? { invoiceId: capture.invoice_id } : {}),
      ...(isRecord(body) && typeof body.custom_id === 'string' ? { customId: body.custom_id } : {}),
      createTime: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    if (requestId) refundRequests.set(requestId, refund);
    sendJson(response, 201, refundView(refund));
  }

  /** Transaction Search: the captures (money moved) between start_date and end_date (at most 31 days apart). */
  function searchTransactions(query: URLSearchParams, response: ServerResponse): void {
    const start = Date.parse(query.get('start_date') ?? '');
    const end = Date.parse(query.get('end_date') ?? '');
    if (Number.isNaN(start) || Number.isNaN(end)) return invalidRequest(response, 'MISSING_REQUIRED_PARAMETER', 'start_date and end_date are required.');
    if (end - start > 31 * 86_400_000 || end < start) return invalidRequest(response, 'INVALID_REQUEST', 'Date range is greater than 31 days');
    const pageSize = Math.min(Number(query.get('page_size') ?? 100) || 100, 500);
    const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
    const found = [...orders.values()].filter((order) => order.capture && Date.parse(order.capture.create_time) >= start && Date.parse(order.capture.create_time) <= end);
    const details = found.slice((page - 1) * pageSize, page * pageSize).map((order) => ({
      transaction_info: {
        paypal_account_id: order.payerId,
        transaction_id: order.capture!.id,
        paypal_reference_id: order.id,
        paypal_reference_id_type: 'ODR',
        transaction_event_code: 'T0006',
        transaction_initiation_date: order.capture!.create_time,
        transaction_updated_date: order.capture!.create_time,
        transaction_amount: order.capture!.amount,
        transaction_status: order.capture!.status === 'PENDING' ? 'P' : 'S',
        ...(order.capture!.invoice_id ? { invoice_id: order.capture!.invoice_id } : {}),
        ...(order.capture!.custom_id ? { custom_field: order.capture!.custom_id } : {}),
      },
    }));
    sendJson(response, 200, {
      transaction_details: details,
      account_number: 'STANDINMERCHANT',
      start_date: new Date(start).toISOString(),
      end_date: new Date(end).toISOString(),
      last_refreshed_datetime: new Date().toISOString(),
      page,
      total_items: found.length,
      total_pages: Math.max(1, Math.ceil(found.length / pageSize)),
      links: [],
    });
  }

  const transmissionSignature = (key: Buffer, transmissionId: string, time: string, hookId: string, body: string) =>
    createHmac('sha256', key).update(`${transmissionId}|${time}|${hookId}|${crc32(body)}`).digest('base64');

  /** PayPal checks the signature it made over transmission id|time|webhook id|CRC32 of the event (only PayPal holds the key). */
  function verifyWebhookSignature(request: RecordedRequest, response: ServerResponse): void {
    const body = parseJson(request.body);
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    if (!isRecord(body) || required.some((field) => body[field] === undefined || body[field] === '')) {
      return paypalError(response, 400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', `One of ${required.join(', ')} is missing.`);
    }
    const expected = transmissionSignature(signingKey, String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), JSON.stringify(body.webhook_event));
    const ok = body.webhook_id === webhookId && body.auth_algo === 'SHA256withRSA' && String(body.cert_url).startsWith(base) && body.transmission_sig === expected;
    sendJson(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  function approval(order: StandInOrder, query: URLSearchParams, request: RecordedRequest, response: ServerResponse): void {
    const popup = query.get('popup') === '1';
    const waiting = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
    if (request.method === 'GET') return sendText(response, 200, approvalPage(order, { popup, waiting }), 'text/html; charset=utf-8');
    const choice = new URLSearchParams(request.body).get('answer') as PayerChoice | null;
    if (!waiting || !choice || !['approve', 'decline', 'pending', 'cancel'].includes(choice)) return sendText(response, 409, 'This order is no longer waiting for the payer.', 'text/plain');
    const approved = choice !== 'cancel';
    if (approved) Object.assign(order, { status: 'APPROVED', payerId: paypalId().slice(0, 13), funding: choice === 'decline' ? 'declined' : choice === 'pending' ? 'pending' : 'good', updateTime: new Date().toISOString() });
    // a payer who cancels leaves the order as it was (PayPal never voids an order for it): it just expires
    if (popup) return sendText(response, 200, approvalAnsweredPopupPage(order, approved), 'text/html; charset=utf-8');
    const target = approved ? order.returnUrl : order.cancelUrl;
    if (!target) return sendText(response, 200, approved ? 'Approved.' : 'Canceled.', 'text/plain');
    const url = new URL(target);
    url.searchParams.set('token', order.id);
    if (approved) url.searchParams.set('PayerID', order.payerId!);
    response.writeHead(302, { location: url.toString() }).end();
  }

  const server = await listen(async (request, response) => {
    const url = new URL(request.path, 'http://stand-in');
    const path = url.pathname;
    const failure = failures.findIndex((entry) => entry.method === request.method && entry.path.test(path));
    if (failure >= 0) {
      const status = failures.splice(failure, 1)[0]!.status;
      return paypalError(response, status, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');
    }
    if (request.method === 'GET' && path === '/sdk/js') {
      return sendText(response, 200, PAYPAL_JS_SDK_STAND_IN, 'text/javascript; charset=utf-8', { 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    }
    if (path === '/checkoutnow') {
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) return sendText(response, 404, 'No such order.', 'text/plain');
      return approval(order, url.searchParams, request, response);
    }
    if (request.method === 'POST' && path === '/v1/oauth2/token') return oauthToken(request, response);
    if (!bearerOk(request, response)) return;
    if (request.method === 'POST' && path === '/v2/checkout/orders') return createOrder(request, response);
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1]!));
      if (!order) return notFound(response);
      if (orderPath[2] && request.method === 'POST') return captureOrder(order, request, response);
      if (!orderPath[2] && request.method === 'GET') return sendJson(response, 200, view(order));
      if (!orderPath[2] && request.method === 'PATCH') return patchOrder(order, request, response);
    }
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refundPath && request.method === 'POST') return refundCapture(decodeURIComponent(refundPath[1]!), request, response);
    const shownRefund = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (shownRefund && request.method === 'GET') {
      const refund = refunds.get(decodeURIComponent(shownRefund[1]!));
      return refund ? sendJson(response, 200, refundView(refund)) : notFound(response);
    }
    if (request.method === 'GET' && path === '/v1/reporting/transactions') return searchTransactions(url.searchParams, response);
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verifyWebhookSignature(request, response);
    notFound(response);
  }, options.port ?? 0);
  base = server.url;

  return Object.assign(server, {
    clientId,
    clientSecret,
    webhookId,
    failNext(match: { method: string; path: RegExp }, status = 500) {
      failures.push({ ...match, status });
    },
    order: (id: string) => orders.get(id),
    refunds: (orderId: string) => [...refunds.values()].filter((refund) => refund.orderId === orderId),
    webhook(event: { id: string; eventType: string; orderId: string }, signOptions: { signed?: boolean; webhookId?: string } = {}) {
      const order = orders.get(event.orderId);
      const isCapture = event.eventType.startsWith('PAYMENT.CAPTURE.');
      const resource = order
        ? isCapture && order.capture
          ? captureView(order, order.capture)
          : view(order)
        : { id: event.orderId, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: event.orderId } } };
      const body = JSON.stringify({
        id: event.id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: isCapture ? 'capture' : 'checkout-order',
        resource_version: '2.0',
        event_type: event.eventType,
        summary: `${event.eventType} for ${event.orderId}`,
        resource,
        links: [{ href: `${base}/v1/notifications/webhooks-events/${event.id}`, rel: 'self', method: 'GET' }],
      });
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const key = signOptions.signed === false ? randomBytes(32) : signingKey;
      return {
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': transmissionSignature(key, transmissionId, time, signOptions.webhookId ?? webhookId, body),
          'paypal-cert-url': `${base}/v1/notifications/certs/CERT-STAND-IN`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
        body,
      };
    },
  });
}

/** CRC32 (IEEE), what PayPal signs the event body's checksum with. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
