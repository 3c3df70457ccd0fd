import { randomBytes } from 'node:crypto';
import { brandOf, luhnValid, outcomeOfCard, type StripeCardOutcome } from './cards.js';
import { list, parseForm, record, str, type FormObject } from './form.js';
import { StripeRefunds } from './refunds.js';
import { invalid, missing, newId, now, stripeError, type StripeReply } from './replies.js';
import { stripeEvent, type StripeEvent } from './webhooks.js';

/**
 * The part of Stripe's API (https://docs.stripe.com/api, the shapes of github.com/stripe/openapi)
 * that the `stripe` SDK calls for card payments and Stripe.js calls from the browser: PaymentIntents
 * (create, retrieve, update, confirm, capture, cancel, search), Refunds (refunds.ts) and PaymentMethods. It checks
 * what Stripe checks (the API key, form-encoded parameters, integer amounts in cents, the currency,
 * idempotency keys: same key and same request replays the first answer, same key and another request
 * is refused) and answers with Stripe's objects and errors.
 */

export interface StripeApiOptions {
  /** the one secret key accepted (default: any sk_test_ key) */
  secretKey?: string;
  /** the one publishable key accepted (default: any pk_test_ key) */
  publishableKey?: string;
  /** where the 3-D Secure page lives (the stand-in's own URL) */
  baseUrl: () => string;
  /** told of every change to an intent, as Stripe would send an event */
  onEvent?: (event: StripeEvent) => void;
}

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: StripeCardOutcome;
}

interface StoredPaymentMethod {
  id: string;
  created: number;
  card: Card;
  billing_details: Record<string, unknown>;
}

interface StoredIntent {
  id: string;
  created: number;
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  capture_method: string;
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  receipt_email: string | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
  return_url: string | null;
  amount_received: number;
  amount_refunded: number;
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

const DECLINED = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as const;
const AUTHENTICATION_FAILED =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';

/** An integer amount in cents, at least Stripe's minimum for USD (50 cents). */
function amountOf(value: string | undefined, param = 'amount'): number | StripeReply {
  if (value === undefined) return invalid('Missing required param: amount.', param, 'parameter_missing');
  if (!/^\d+$/.test(value)) return invalid(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
  const amount = Number(value);
  if (amount < 50) return invalid('Amount must be at least $0.50 usd', param, 'amount_too_small');
  if (amount > 99_999_999) return invalid('Amount must be no more than $999,999.99', param, 'amount_too_large');
  return amount;
}

export class StripeApi {
  private readonly intents = new Map<string, StoredIntent>();
  private readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  private readonly idempotent = new Map<string, { fingerprint: string; reply: StripeReply }>();
  private readonly refunds = new StripeRefunds((id) => this.intents.get(id), (event) => this.options.onEvent?.(event));

  constructor(private readonly options: StripeApiOptions) {}

  /** Handles one API request (path with its query string). */
  handle(method: string, path: string, headers: Readonly<Record<string, string | string[] | undefined>>, body: string): StripeReply {
    const url = new URL(path, 'http://stand-in');
    const auth = this.authenticate(headers.authorization);
    if ('status' in auth) return auth;
    const idempotencyKey = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : undefined;
    if (method === 'POST' && idempotencyKey) {
      const cacheKey = `${auth.key}\n${idempotencyKey}`;
      const fingerprint = `${url.pathname}\n${body}`;
      const earlier = this.idempotent.get(cacheKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        return { ...earlier.reply, headers: { ...earlier.reply.headers, 'idempotent-replayed': 'true' } };
      }
      const reply = this.route(method, url, auth.kind, parseForm(body));
      // Stripe saves the result of any request that started executing (500s included), not one refused on its parameters
      if (reply.status !== 400 && reply.status !== 401) this.idempotent.set(cacheKey, { fingerprint, reply });
      return reply;
    }
    return this.route(method, url, auth.kind, method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body));
  }

  private authenticate(header: string | string[] | undefined): { kind: 'secret' | 'publishable'; key: string } | StripeReply {
    const value = typeof header === 'string' ? header : '';
    const key = /^Bearer (\S+)$/.exec(value)?.[1];
    if (!key) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
    const refused = stripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
    if (key.startsWith('sk_')) return (this.options.secretKey ? key === this.options.secretKey : key.startsWith('sk_test_')) ? { kind: 'secret', key } : refused;
    if (key.startsWith('pk_')) return (this.options.publishableKey ? key === this.options.publishableKey : key.startsWith('pk_test_')) ? { kind: 'publishable', key } : refused;
    return refused;
  }

  private route(method: string, url: URL, keyKind: 'secret' | 'publishable', params: FormObject): StripeReply {
    const path = url.pathname;
    const secretOnly = () =>
      stripeError(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' });
    if (method === 'POST' && path === '/v1/payment_methods') return this.createPaymentMethod(params);
    let match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const found = this.paymentMethods.get(match[1]!);
      return found ? { status: 200, body: this.paymentMethodJson(found) } : missing('payment_method', match[1]!, 'payment_method');
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') return keyKind === 'secret' ? this.search(params) : secretOnly();
    if (method === 'POST' && path === '/v1/payment_intents') return keyKind === 'secret' ? this.createIntent(params) : secretOnly();
    match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|capture|cancel))?$/.exec(path);
    if (match) {
      const intent = this.intents.get(match[1]!);
      if (!intent) return missing('payment_intent', match[1]!, 'intent');
      const action = match[2];
      // with a publishable key only whoever holds the client secret may read or confirm (Stripe.js)
      if (keyKind === 'publishable') {
        if (action !== undefined && action !== 'confirm') return secretOnly();
        if (method === 'POST' && action === undefined) return secretOnly();
        if (str(params.client_secret) !== intent.client_secret) {
          return invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', 'client_secret');
        }
      }
      if (method === 'GET' && action === undefined) return this.reply(intent, params);
      if (method === 'POST') {
        switch (action) {
          case undefined:
            return this.updateIntent(intent, params);
          case 'confirm':
            return this.confirm(intent, params);
          case 'capture':
            return this.capture(intent, params);
          case 'cancel':
            return this.cancel(intent, params);
        }
      }
    }
    if (StripeRefunds.handles(method, path)) return keyKind === 'secret' ? this.refunds.route(method, path, params) : secretOnly();
    return invalid(`Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com/api or we can help at https://support.stripe.com/.`);
  }

  // --- payment methods ---------------------------------------------------------------------------

  private createPaymentMethod(params: FormObject): StripeReply {
    if (str(params.type) !== 'card') return invalid('Invalid payment method type: only card is supported by the stand-in.', 'type');
    const card = params.card;
    if (!card || typeof card !== 'object' || Array.isArray(card)) return invalid('Missing required param: card.', 'card', 'parameter_missing');
    const created = this.cardFrom(card as FormObject, 'card');
    if ('status' in created) return created;
    const paymentMethod: StoredPaymentMethod = { id: newId('pm'), created: now(), card: created, billing_details: record(params.billing_details) };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    return { status: 200, body: this.paymentMethodJson(paymentMethod) };
  }

  /** A card from its number, expiry and CVC (never kept: only brand, last four and the test outcome). */
  private cardFrom(card: FormObject, param: string): Card | StripeReply {
    const number = (str(card.number) ?? '').replace(/\s+/g, '');
    const cardError = (code: string, message: string, field: string) => stripeError(402, { type: 'card_error', code, message, param: `${param}[${field}]` });
    if (!luhnValid(number)) return cardError('incorrect_number', 'Your card number is incorrect.', 'number');
    const month = Number(str(card.exp_month));
    const year = Number(str(card.exp_year));
    const fullYear = year < 100 ? 2000 + year : year;
    if (!Number.isInteger(month) || month < 1 || month > 12) return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
    const today = new Date();
    if (!Number.isInteger(fullYear) || fullYear < today.getUTCFullYear() || (fullYear === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
      return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    }
    const cvc = str(card.cvc);
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) return cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
    return { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: fullYear, outcome: outcomeOfCard(number) };
  }

  private paymentMethodJson(paymentMethod: StoredPaymentMethod): object {
    const { card } = paymentMethod;
    return {
      id: paymentMethod.id,
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null, ...paymentMethod.billing_details },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
        country: 'US',
        display_brand: card.brand,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: null,
        funding: 'credit',
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: paymentMethod.created,
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  // --- payment intents ---------------------------------------------------------------------------

  private createIntent(params: FormObject): StripeReply {
    const amount = amountOf(str(params.amount));
    if (typeof amount !== 'number') return amount;
    const currency = str(params.currency);
    if (!currency) return invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    // the store sells in USD only (spec section 9): anything else is a bug on our side
    if (currency !== 'usd') return invalid(`Invalid currency: ${currency}. The stand-in's account settles in usd only.`, 'currency', 'parameter_invalid_string');
    const paymentMethod = str(params.payment_method) ?? null;
    if (paymentMethod && !this.paymentMethods.has(paymentMethod)) return missing('PaymentMethod', paymentMethod, 'payment_method');
    const types = list(params.payment_method_types);
    const automatic = params.automatic_payment_methods && typeof params.automatic_payment_methods === 'object' ? record(params.automatic_payment_methods) : null;
    if (types.length > 0 && automatic?.enabled === 'true') {
      return invalid('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', 'automatic_payment_methods');
    }
    const intent: StoredIntent = {
      id: newId('pi'),
      created: now(),
      amount,
      currency,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: '',
      capture_method: str(params.capture_method) ?? 'automatic_async',
      payment_method: paymentMethod,
      payment_method_types: types.length > 0 ? types : ['card'],
      automatic_payment_methods: types.length > 0 ? null : { enabled: true },
      receipt_email: str(params.receipt_email) ?? null,
      description: str(params.description) ?? null,
      metadata: record(params.metadata),
      last_payment_error: null,
      next_action: null,
      return_url: null,
      amount_received: 0,
      amount_refunded: 0,
      latest_charge: null,
      canceled_at: null,
      cancellation_reason: null,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.intents.set(intent.id, intent);
    this.emit('payment_intent.created', intent);
    if (str(params.confirm) === 'true') return this.confirm(intent, params);
    return this.reply(intent, params);
  }

  private updateIntent(intent: StoredIntent, params: FormObject): StripeReply {
    if (params.amount !== undefined) {
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
        return invalid(`This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`, 'amount', 'payment_intent_unexpected_state');
      }
      const amount = amountOf(str(params.amount));
      if (typeof amount !== 'number') return amount;
      intent.amount = amount;
    }
    if (params.metadata !== undefined) {
      // Stripe: an empty value removes the key
      for (const [key, value] of Object.entries(record(params.metadata))) {
        if (value === '') delete intent.metadata[key];
        else intent.metadata[key] = value;
      }
    }
    if (str(params.receipt_email) !== undefined) intent.receipt_email = str(params.receipt_email) || null;
    if (str(params.description) !== undefined) intent.description = str(params.description) || null;
    return this.reply(intent, params);
  }

  private unexpectedState(intent: StoredIntent, what: string): StripeReply {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      doc_url: 'https://docs.stripe.com/error-codes/payment-intent-unexpected-state',
      message: `You cannot ${what} this PaymentIntent because it has a status of ${intent.status}.`,
      payment_intent: this.intentJson(intent),
    });
  }

  private confirm(intent: StoredIntent, params: FormObject): StripeReply {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') return this.unexpectedState(intent, 'confirm');
    const methodId = str(params.payment_method);
    const methodData = params.payment_method_data;
    let paymentMethod: StoredPaymentMethod | undefined;
    if (methodId) {
      paymentMethod = this.paymentMethods.get(methodId);
      if (!paymentMethod) return missing('PaymentMethod', methodId, 'payment_method');
    } else if (methodData && typeof methodData === 'object' && !Array.isArray(methodData)) {
      const data = methodData as FormObject;
      const card = data.card && typeof data.card === 'object' && !Array.isArray(data.card) ? this.cardFrom(data.card as FormObject, 'payment_method_data[card]') : undefined;
      if (!card) return invalid('Missing required param: payment_method_data[card].', 'payment_method_data[card]', 'parameter_missing');
      if ('status' in card) return card;
      paymentMethod = { id: newId('pm'), created: now(), card, billing_details: record(data.billing_details) };
      this.paymentMethods.set(paymentMethod.id, paymentMethod);
    } else if (intent.payment_method) {
      paymentMethod = this.paymentMethods.get(intent.payment_method);
    }
    if (!paymentMethod) {
      return invalid(
        'You cannot confirm this PaymentIntent because it\'s missing a payment method. To confirm the PaymentIntent with cus_, you must pass a payment method.',
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    const returnUrl = str(params.return_url);
    if (returnUrl !== undefined && !/^https?:\/\//.test(returnUrl)) return invalid('Not a valid URL', 'return_url', 'url_invalid');
    intent.payment_method = paymentMethod.id;
    intent.return_url = returnUrl ?? intent.return_url;
    intent.last_payment_error = null;
    intent.next_action = null;
    switch (paymentMethod.card.outcome) {
      case 'declined': {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...DECLINED, doc_url: 'https://docs.stripe.com/error-codes/card-declined', payment_method: this.paymentMethodJson(paymentMethod) };
        intent.latest_charge = newId('ch');
        this.emit('payment_intent.payment_failed', intent);
        return stripeError(402, {
          type: 'card_error',
          ...DECLINED,
          doc_url: 'https://docs.stripe.com/error-codes/card-declined',
          charge: intent.latest_charge,
          payment_intent: this.intentJson(intent),
          payment_method: this.paymentMethodJson(paymentMethod),
        });
      }
      case 'requiresAuthentication': {
        intent.status = 'requires_action';
        const page = `${this.options.baseUrl()}/__stand-in/stripe/3ds/${intent.id}`;
        intent.next_action = intent.return_url
          ? { type: 'redirect_to_url', redirect_to_url: { return_url: intent.return_url, url: page } }
          : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page } };
        this.emit('payment_intent.requires_action', intent);
        return this.reply(intent, params);
      }
      case 'pending':
        intent.status = 'processing';
        this.emit('payment_intent.processing', intent);
        return this.reply(intent, params);
      case 'serverError':
        // the charge went through, but the answer is lost: only asking again tells the caller
        this.charge(intent);
        return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } }, headers: { 'stripe-should-retry': 'false' } };
      case 'succeeds':
        this.charge(intent);
        return this.reply(intent, params);
    }
  }

  private charge(intent: StoredIntent): void {
    intent.latest_charge = newId('ch');
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      this.emit('payment_intent.amount_capturable_updated', intent);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      this.emit('payment_intent.succeeded', intent);
    }
  }

  /** The shopper on the 3-D Secure page: authenticated, or not (the intent then wants another payment method). */
  settleAuthentication(id: string, authenticated: boolean): StoredIntent | undefined {
    const intent = this.intents.get(id);
    if (!intent || intent.status !== 'requires_action') return undefined;
    intent.next_action = null;
    if (authenticated) this.charge(intent);
    else {
      intent.status = 'requires_payment_method';
      const paymentMethod = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        doc_url: 'https://docs.stripe.com/error-codes/payment-intent-authentication-failure',
        message: AUTHENTICATION_FAILED,
        ...(paymentMethod ? { payment_method: this.paymentMethodJson(paymentMethod) } : {}),
      };
      this.emit('payment_intent.payment_failed', intent);
    }
    return intent;
  }

  /** An intent waiting on its 3-D Secure page (for the page). */
  awaitingAuthentication(id: string): { id: string; amount: number; currency: string; last4: string | null; returnUrl: string | null; clientSecret: string } | undefined {
    const intent = this.intents.get(id);
    if (!intent || intent.status !== 'requires_action') return undefined;
    const paymentMethod = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined;
    return { id, amount: intent.amount, currency: intent.currency, last4: paymentMethod?.card.last4 ?? null, returnUrl: intent.return_url, clientSecret: intent.client_secret };
  }

  private capture(intent: StoredIntent, params: FormObject): StripeReply {
    if (intent.status !== 'requires_capture') return this.unexpectedState(intent, 'capture');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    this.emit('payment_intent.succeeded', intent);
    return this.reply(intent, params);
  }

  private cancel(intent: StoredIntent, params: FormObject): StripeReply {
    if (!['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'].includes(intent.status)) {
      return this.unexpectedState(intent, 'cancel');
    }
    const reason = str(params.cancellation_reason) ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'].includes(reason)) return invalid(`Invalid cancellation_reason: ${reason}`, 'cancellation_reason');
    Object.assign(intent, { status: 'canceled', next_action: null, canceled_at: now(), cancellation_reason: reason });
    this.emit('payment_intent.canceled', intent);
    return this.reply(intent, params);
  }

  /** Stripe's search query language, the clauses we use: `metadata['key']:'value'` and `status:'value'`, joined by AND. */
  private search(params: FormObject): StripeReply {
    const query = str(params.query);
    if (!query) return invalid('Missing required param: query.', 'query', 'parameter_missing');
    const clauses = query.split(/\s+AND\s+/);
    const tests: ((intent: StoredIntent) => boolean)[] = [];
    for (const clause of clauses) {
      const metadata = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(clause.trim());
      const status = /^status:'([^']*)'$/.exec(clause.trim());
      if (metadata) tests.push((intent) => intent.metadata[metadata[1]!] === metadata[2]);
      else if (status) tests.push((intent) => intent.status === status[1]);
      else return invalid(`The query '${query}' is not supported by the stand-in (metadata['key']:'value' and status:'value' with AND only).`, 'query');
    }
    const limit = Math.min(100, Number(str(params.limit) ?? 10) || 10);
    const found = [...this.intents.values()].filter((intent) => tests.every((test) => test(intent))).sort((a, b) => b.created - a.created);
    const expand = list(params.expand);
    return {
      status: 200,
      body: {
        object: 'search_result',
        data: found.slice(0, limit).map((intent) => this.intentJson(intent, expand.includes('data.payment_method'))),
        has_more: found.length > limit,
        next_page: null,
        url: '/v1/payment_intents/search',
      },
    };
  }

  /** The refunds Stripe made of a PaymentIntent, oldest first (tests: a repeated refund made one). */
  refundsOf(intentId: string): object[] {
    return this.refunds.refundsOf(intentId);
  }

  // --- answers -----------------------------------------------------------------------------------

  private reply(intent: StoredIntent, params: FormObject): StripeReply {
    return { status: 200, body: this.intentJson(intent, list(params.expand).includes('payment_method')) };
  }

  /** The PaymentIntent object as Stripe's API returns it. */
  intentJson(intent: StoredIntent, expandPaymentMethod = false): object {
    const paymentMethod = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined;
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: intent.status === 'requires_capture' ? intent.amount : 0,
      amount_details: { tip: {} },
      amount_received: intent.amount_received,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: intent.automatic_payment_methods,
      canceled_at: intent.canceled_at,
      cancellation_reason: intent.cancellation_reason,
      capture_method: intent.capture_method,
      client_secret: intent.client_secret,
      confirmation_method: 'automatic',
      created: intent.created,
      currency: intent.currency,
      customer: null,
      description: intent.description,
      last_payment_error: intent.last_payment_error,
      latest_charge: intent.latest_charge,
      livemode: false,
      metadata: { ...intent.metadata },
      next_action: intent.next_action,
      on_behalf_of: null,
      payment_method: expandPaymentMethod && paymentMethod ? this.paymentMethodJson(paymentMethod) : intent.payment_method,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: intent.payment_method_types,
      processing: null,
      receipt_email: intent.receipt_email,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: intent.status,
      transfer_data: null,
      transfer_group: null,
    };
  }

  /** The intent's current object (tests and the stand-in's webhooks). */
  intent(id: string): object | undefined {
    const intent = this.intents.get(id);
    return intent ? this.intentJson(intent) : undefined;
  }

  /** Moves an intent left `processing` on (the bank answered), as Stripe would. */
  settleProcessing(id: string, succeeded: boolean): boolean {
    const intent = this.intents.get(id);
    if (!intent || intent.status !== 'processing') return false;
    if (succeeded) this.charge(intent);
    else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...DECLINED };
      this.emit('payment_intent.payment_failed', intent);
    }
    return true;
  }

  private emit(type: string, intent: StoredIntent): void {
    this.options.onEvent?.(stripeEvent(type, this.intentJson(intent)));
  }
}
