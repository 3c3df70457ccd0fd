import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  QUOTE_MESSAGES,
  checkRouteInput,
  createQuoteRequestSchema,
  isUuid,
  quotePaymentPath,
  type CreateQuoteRequest,
  type Quote,
  type QuoteStatus,
} from '@storefront/contracts';
import { DataSource, In, type EntityManager } from 'typeorm';
import { claimQuote } from '../accounts/index.js';
import { OrderPaymentEntity } from '../entities/index.js';
import { hashSecretToken, indexOfMatchingHash, newSecretToken } from '../tokens/secret-token.js';
import { QUOTE_ALREADY_ORDERED, QuoteError, linkExpired, linkNotFound, quoteNotFound } from './quote-errors.js';
import { QuoteAddressEntity, QuoteEntity, QuoteItemEntity } from './quote.entity.js';
import { quoteTotals } from './quote-totals.js';
import { toQuoteView } from './quote-view.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment link works 14 days unless its issuer says otherwise. */
export const DEFAULT_PAYMENT_LINK_LIFETIME_MS = 14 * DAY_MS;
export const MAX_PAYMENT_LINK_LIFETIME_MS = 365 * DAY_MS;
export const INVALID_LINK_LIFETIME = 'A payment link must expire after a whole number of milliseconds, more than 0 and at most 365 days.';

/** "Q-100001" (any case) */
const QUOTE_NUMBER = /^Q-\d{1,18}$/i;
const QUOTE_RELATIONS = { items: true, addresses: true } as const;

/** Quote ids are UUIDs; anything else is an unknown quote, answered without asking PostgreSQL (which would fail the cast). */
export const isQuoteId = (id: unknown): boolean => isUuid(id);

/** A payment link, as issued: the token appears here once and is stored nowhere (only its SHA-256). */
export interface PaymentLink {
  quoteId: string;
  quoteIncrementId: string;
  /** 32 random bytes, base64url */
  token: string;
  expiresAt: Date;
  /** `/quote/payment?quoteId={id}&token={token}`: prefix the site's public URL for an absolute link */
  path: string;
}

export interface IssuePaymentLinkOptions {
  /** how long the link works (default 14 days) */
  expiresInMs?: number;
  /** a caller's transaction to issue the link in (e.g. the one that created the quote) */
  manager?: EntityManager;
}

export interface ListQuotesOptions {
  status?: QuoteStatus;
  /** newest first, at most this many (default 100, at most 1000) */
  limit?: number;
  /** a quote's id or number: only the quotes listed after it (the next page); QuoteError quoteNotExist when there is none */
  after?: string;
}

export interface LinkRow {
  token_hash: string;
  revoked: boolean;
  expired: boolean;
}

/**
 * Quotes (spec §3, §4 quote payment, §6 quote access, §7): staff create them, the customer
 * opens them through a payment link. Usable inside Nest (a provider of AppModule) and from a plain
 * script: `new QuotesService(dataSource)` with a DataSource whose entities include QUOTE_ENTITIES and
 * ORDER_ENTITIES and whose search_path is the orders schema. Errors are QuoteError (errorType).
 */
@Injectable()
export class QuotesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a quote staff wrote (CreateQuoteInput of @storefront/contracts, e.g. a parsed JSON file:
   * amounts in dollars), checked with
   * createQuoteRequestSchema. Every amount of the answer is computed here in integer cents: each row
   * total is price × qty, the subtotal their sum, the total subtotal + shipping + tax − discount;
   * totals in the input are never read. QuoteError invalidQuote when a rule is broken.
   */
  async createQuote(input: unknown, manager?: EntityManager): Promise<Quote> {
    const priced = pricedQuote(input);
    return this.inTransaction(manager, async (tx) => {
      const saved = await tx.save(QuoteEntity, tx.create(QuoteEntity, { ...quoteFields(tx, priced), status: 'ready_to_order', orderId: null }));
      return this.view(saved.id, tx);
    });
  }

  /**
   * A new payment link for a quote (by id or number): a token of 32 random bytes, of which only the
   * SHA-256 is stored, working `expiresInMs` (default 14 days). Every older link of the quote is
   * revoked in the same transaction (the quote row is locked, so two issuers never both win).
   * QuoteError quoteNotExist, invalidExpiry, quoteAlreadyOrdered.
   */
  async issuePaymentLink(quoteIdOrIncrementId: string, options: IssuePaymentLinkOptions = {}): Promise<PaymentLink> {
    const lifetime = options.expiresInMs ?? DEFAULT_PAYMENT_LINK_LIFETIME_MS;
    if (!Number.isSafeInteger(lifetime) || lifetime <= 0 || lifetime > MAX_PAYMENT_LINK_LIFETIME_MS) {
      throw new QuoteError('invalidExpiry', INVALID_LINK_LIFETIME);
    }
    return this.inTransaction(options.manager, async (tx) => {
      const { column, value } = lookupOf(quoteIdOrIncrementId);
      const [quote] = (await tx.query(`SELECT id, quote_increment_id, status, order_id, customer_id FROM quote WHERE ${column} = $1 FOR UPDATE`, [value])) as {
        id: string;
        quote_increment_id: string;
        status: string;
        order_id: string | null;
        customer_id: string | null;
      }[];
      if (!quote) throw quoteNotFound();
      if (quote.status !== 'ready_to_order') throw new QuoteError('quoteAlreadyOrdered', QUOTE_ALREADY_ORDERED);

      await tx.query(`UPDATE quote_payment_link SET revoked_at = now() WHERE quote_id = $1 AND revoked_at IS NULL`, [quote.id]);
      const token = newSecretToken();
      const [link] = (await tx.query(
        `INSERT INTO quote_payment_link (token_hash, quote_id, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
         RETURNING expires_at`,
        [hashSecretToken(token), quote.id, lifetime],
      )) as { expires_at: Date }[];
      // The order a link pays (drafted at the first Pay Now) takes the link's token as its order token:
      // the new link pays it, the revoked one no longer can.
      if (quote.order_id) {
        await tx.query(`UPDATE orders SET order_token_hash = $1, quote_payment_link_hash = $1 WHERE id = $2`, [hashSecretToken(token), quote.order_id]);
      }
      // A new link undoes a claim made with an earlier one: whoever held that link (leaked or not)
      // loses the quote and its order from their account; the holder of the new link claims it again.
      if (quote.customer_id) {
        await tx.query(`UPDATE quote SET customer_id = NULL WHERE id = $1`, [quote.id]);
        if (quote.order_id) {
          await tx.query(`UPDATE orders SET customer_id = NULL, customer_is_guest = true WHERE id = $1 AND customer_id = $2`, [quote.order_id, quote.customer_id]);
        }
      }
      return {
        quoteId: quote.id,
        quoteIncrementId: quote.quote_increment_id,
        token,
        expiresAt: new Date(link!.expires_at),
        path: quotePaymentPath(quote.id, token),
      };
    });
  }

  /**
   * GET /api/quote?quoteId&token (the quote payment page): the quote, for the holder of its current
   * link. QuoteError tokenExpired for that link past its expiry; quoteNotExist for an unknown or
   * malformed quote id and a wrong or revoked token alike (a guess learns nothing). The token's hash
   * is compared with every link of the quote in constant time.
   */
  async findByLink(quoteId: string, token: string): Promise<Quote> {
    const link = await this.linkOf(quoteId, token);
    if (!link || link.revoked) throw linkNotFound();
    if (link.expired) throw linkExpired();
    // the first opening is what staff see as "viewed" (one write per link, ever)
    await this.dataSource.query(`UPDATE quote_payment_link SET viewed_at = now() WHERE token_hash = $1 AND viewed_at IS NULL`, [link.token_hash]);
    return this.view(quoteId);
  }

  /**
   * Replaces what staff wrote of a quote (the back office's edit), checked and priced exactly as
   * createQuote does it. Refused once a payment was started on it (it has an order): the customer
   * pays what they were shown. Its links stay valid: the link opens the quote as it now is.
   */
  async replaceQuote(idOrIncrementId: string, input: unknown, manager?: EntityManager): Promise<Quote> {
    return this.inTransaction(manager, async (tx) => {
      const { column, value } = lookupOf(idOrIncrementId);
      const [row] = (await tx.query(`SELECT id, order_id FROM quote WHERE ${column} = $1 FOR UPDATE`, [value])) as { id: string; order_id: string | null }[];
      if (!row) throw quoteNotFound();
      if (row.order_id) throw new QuoteError('quoteAlreadyOrdered', QUOTE_MESSAGES.alreadyOrdered);
      const priced = pricedQuote(input);
      // the quote keeps its id, number and links; its lines and addresses are written again
      await tx.delete(QuoteItemEntity, { quote: { id: row.id } });
      await tx.delete(QuoteAddressEntity, { quote: { id: row.id } });
      await tx.save(QuoteEntity, { id: row.id, ...quoteFields(tx, priced) });
      return this.view(row.id, tx);
    });
  }

  /** Revokes every live link of the quote (the customer's link stops working at once); how many. */
  async revokeLinks(idOrIncrementId: string, manager?: EntityManager): Promise<{ quoteId: string; revoked: number }> {
    return this.inTransaction(manager, async (tx) => {
      const { column, value } = lookupOf(idOrIncrementId);
      const [row] = (await tx.query(`SELECT id FROM quote WHERE ${column} = $1 FOR UPDATE`, [value])) as { id: string }[];
      if (!row) throw quoteNotFound();
      const [, revoked] = (await tx.query(`UPDATE quote_payment_link SET revoked_at = now() WHERE quote_id = $1 AND revoked_at IS NULL AND expires_at > now()`, [row.id])) as [
        unknown,
        number,
      ];
      return { quoteId: row.id, revoked };
    });
  }

  /**
   * GET /api/quote/view/:id?token= (the quote view page): the quote for the holder of a current
   * (issued last, not expired) link token; anything else is QuoteError quoteNotExist ('Quote not
   * found.'), the same as a quote that does not exist.
   */
  async findForView(id: string, token: string | undefined, customerId?: string): Promise<Quote> {
    // the signed-in customer whose quote it is needs no token
    if (customerId && !token && isQuoteId(id)) {
      const owned = (await this.dataSource.query(`SELECT 1 FROM quote WHERE id = $1 AND customer_id = $2`, [id, customerId])) as unknown[];
      if (owned.length > 0) return this.view(id);
      // a staff quote for the verified account's e-mail becomes theirs on the way (accounts/my-orders/account-records.ts)
      if (await claimQuote(this.dataSource.manager, id, customerId)) return this.view(id);
    }
    const link = await this.linkOf(id, token);
    if (!link || link.revoked || link.expired) throw quoteNotFound();
    return this.view(id);
  }

  /** Quotes, newest first (the back office's list). */
  async listQuotes(options: ListQuotesOptions = {}): Promise<Quote[]> {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 1000);
    // the page's ids first (keyset on the listing's order, in SQL where timestamps keep their microseconds), then the quotes
    const after = options.after === undefined ? undefined : lookupOf(options.after);
    const page = (await this.dataSource.query(
      `SELECT id FROM quote
        WHERE ($1::varchar IS NULL OR status = $1)
          AND ($2::varchar IS NULL OR (created_at, quote_increment_id) < (SELECT created_at, quote_increment_id FROM quote WHERE ${after?.column ?? 'id'} = CAST($2 AS ${after?.column === 'quote_increment_id' ? 'varchar' : 'uuid'})))
        ORDER BY created_at DESC, quote_increment_id DESC LIMIT $3`,
      [options.status ?? null, after?.value ?? null, limit],
    )) as { id: string }[];
    if (after && page.length === 0 && (await this.dataSource.query(`SELECT 1 FROM quote WHERE ${after.column} = $1`, [after.value])).length === 0) throw quoteNotFound();
    const quotes = await this.dataSource.getRepository(QuoteEntity).find({
      where: { id: In(page.map((row) => row.id)) },
      relations: QUOTE_RELATIONS,
      order: { createdAt: 'DESC', quoteIncrementId: 'DESC' },
    });
    const orderIds = quotes.map((quote) => quote.orderId).filter((id): id is string => id !== null);
    const payments = orderIds.length
      ? await this.dataSource.getRepository(OrderPaymentEntity).find({ where: { order: { id: In(orderIds) } }, relations: { order: true } })
      : [];
    return quotes.map((quote) => toQuoteView(quote, payments.filter((payment) => payment.order.id === quote.orderId)));
  }

  /** One quote by its id (UUID) or its number ("Q-100001", any case). QuoteError quoteNotExist otherwise. */
  async resolve(idOrIncrementId: string, manager?: EntityManager): Promise<Quote> {
    const { column, value } = lookupOf(idOrIncrementId);
    const [row] = (await (manager ?? this.dataSource.manager).query(`SELECT id FROM quote WHERE ${column} = $1`, [value])) as { id: string }[];
    if (!row) throw quoteNotFound();
    return this.view(row.id, manager);
  }

  /**
   * The quote's links judged against `token`: the one it matches (its hash; revoked? expired?), or
   * undefined. Every link's hash is compared in constant time.
   */
  async matchLink(quoteId: string, token: string | undefined, manager?: EntityManager): Promise<LinkRow | undefined> {
    return this.linkOf(quoteId, token, manager);
  }

  private async linkOf(quoteId: string, token: string | undefined, manager: EntityManager = this.dataSource.manager): Promise<LinkRow | undefined> {
    if (!isQuoteId(quoteId)) {
      // the same work as a real lookup: hash and compare against nothing
      indexOfMatchingHash(token, []);
      return undefined;
    }
    const links = (await manager.query(
      `SELECT token_hash, revoked_at IS NOT NULL AS revoked, expires_at <= now() AS expired FROM quote_payment_link WHERE quote_id = $1`,
      [quoteId],
    )) as LinkRow[];
    return links[indexOfMatchingHash(token, links.map((link) => link.token_hash))];
  }

  async view(id: string, manager: EntityManager = this.dataSource.manager): Promise<Quote> {
    const quote = await manager.getRepository(QuoteEntity).findOne({ where: { id }, relations: QUOTE_RELATIONS });
    if (!quote) throw quoteNotFound();
    const payments = quote.orderId ? await manager.getRepository(OrderPaymentEntity).find({ where: { order: { id: quote.orderId } } }) : [];
    return toQuoteView(quote, payments);
  }

  /** `work` in the caller's transaction when there is one, else in a new one. */
  private inTransaction<T>(manager: EntityManager | undefined, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return manager?.queryRunner?.isTransactionActive ? work(manager) : this.dataSource.transaction(work);
  }
}

function invalid(path: string, message: string): QuoteError {
  return new QuoteError('invalidQuote', `${path}: ${message}`, { [path]: message });
}

/** Which column a quote reference names: its id (UUID) or its number ("q-100001" reads Q-100001). */
function lookupOf(idOrIncrementId: string): { column: 'id' | 'quote_increment_id'; value: string } {
  const reference = typeof idOrIncrementId === 'string' ? idOrIncrementId.trim() : '';
  if (isQuoteId(reference)) return { column: 'id', value: reference.toLowerCase() };
  if (QUOTE_NUMBER.test(reference)) return { column: 'quote_increment_id', value: reference.toUpperCase() };
  throw quoteNotFound();
}

/**
 * A quote staff wrote (CreateQuoteInput of @storefront/contracts: amounts in dollars), checked with
 * createQuoteRequestSchema and priced in integer cents: each row total is price × qty, the subtotal
 * their sum, the total subtotal + shipping + tax − discount; totals in the input are never read.
 * QuoteError invalidQuote when a rule is broken.
 */
function pricedQuote(input: unknown): { request: CreateQuoteRequest; totals: ReturnType<typeof quoteTotals> } {
  const checked = checkRouteInput(createQuoteRequestSchema, input, { part: 'body', invalidMessage: (first, path) => (path === '_' ? first : `${path}: ${first}`) });
  if (!checked.ok) throw new QuoteError('invalidQuote', checked.problem.message, checked.problem.errors);
  const request: CreateQuoteRequest = checked.value;
  const totals = quoteTotals(request);
  if (totals.total < 0) throw invalid('discountAmount', QUOTE_MESSAGES.discountTooLarge);
  if (request.splitPaymentEnabled && totals.minimumSplitAmount !== null && totals.minimumSplitAmount > totals.total) {
    throw invalid('minimumSplitAmount', QUOTE_MESSAGES.minimumSplitTooLarge);
  }
  return { request, totals };
}

/** The quote's columns, lines and addresses from a priced quote (new rows: createQuote's, or an edit's). */
function quoteFields(tx: EntityManager, { request, totals }: ReturnType<typeof pricedQuote>) {
  return {
    poNumber: request.poNumber || null,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phone: request.phone || null,
    shippingMethod: request.shippingMethod,
    shippingLabel: request.shippingLabel || request.shippingMethod,
    additionalNotes: request.additionalNotes || null,
    subtotal: totals.subtotal,
    shippingAmount: totals.shippingAmount,
    taxAmount: totals.taxAmount,
    discountAmount: totals.discountAmount,
    total: totals.total,
    splitPaymentEnabled: request.splitPaymentEnabled,
    // a minimum applies only to a quote paid in instalments: without split payment none is kept
    // (a 0 sent along would break the column's > 0 rule: found by the reliability fuzz)
    minimumSplitAmount: request.splitPaymentEnabled ? totals.minimumSplitAmount : null,
    items: request.items.map((item, position) =>
      tx.create(QuoteItemEntity, {
        position,
        name: item.name,
        sku: item.sku,
        qty: item.qty,
        price: totals.items[position]!.price,
        rowTotal: totals.items[position]!.rowTotal,
        notes: item.notes || null,
      }),
    ),
    addresses: request.addresses.map((address) =>
      tx.create(QuoteAddressEntity, {
        type: address.type,
        email: address.email,
        firstName: address.firstName,
        lastName: address.lastName,
        street1: address.street1,
        street2: address.street2 || null,
        city: address.city,
        state: address.state,
        zipCode: address.zipCode,
        countryId: address.countryId,
        phoneNumber: address.phoneNumber,
      }),
    ),
  };
}
