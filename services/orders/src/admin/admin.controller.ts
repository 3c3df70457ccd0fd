import { BadRequestException, ConflictException, Controller, Headers, HttpException, NotFoundException, Res } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE,
  IDEMPOTENCY_KEY_HEADER,
  adminRoutes,
  type AdminPaymentLinkResponse,
  type AdminQuoteListResponse,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type Quote,
  type ResponseOf,
} from '@storefront/contracts';
import type { Response } from 'express';
import {
  AdminActor,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotentWrite,
  Route,
  RouteBody,
  RouteParams,
  RouteQuery,
  parseIdempotencyKey,
  readPublicSiteUrl,
  requestFingerprint,
  type AdminCaller,
} from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { parseDuration } from '../backoffice/backoffice-args.js';
import { QuoteEmails } from '../email/index.js';
import { BackofficeRefusal, ORDER_NOT_FOUND } from '../orders/order-admin.service.js';
import {
  QuoteError,
  QuotesService,
  SEND_NEEDS_SITE_URL,
  issuePaymentLink,
  linkSiteUrlOf,
  paymentLinkOutput,
  publicUrlOf,
  quoteHttpException,
  siteUrlForSending,
  type PaymentLink,
} from '../quotes/index.js';
import { audited, auditorOf, type AuditChanges } from './audit/admin-audit.js';
import { quoteDetail } from './quotes/quote-state.js';

/** A link's lifetime from the body: `expiresIn` as the CLI's --expires-in reads it, else `expiresInMs`, else the default. */
export function linkLifetimeMs({ expiresIn, expiresInMs }: { expiresIn?: string; expiresInMs?: number }): number | undefined {
  if (expiresIn === undefined) return expiresInMs;
  const ms = parseDuration(expiresIn);
  if (typeof ms === 'number') return ms;
  const message = ms.error.replace('--expires-in', 'expiresIn');
  throw new BadRequestException({ message, errors: { expiresIn: message } });
}

const afterNotFound = (message: string) => new BadRequestException({ message, errors: { after: message } });

/** The back office's errors as the API answers them: a quote's as the customer's routes do (its own 404 text), a refusal 404 or 409. */
export function adminHttpError(error: unknown): unknown {
  if (error instanceof QuoteError) {
    if (error.errorType === 'quoteNotExist') return new NotFoundException({ message: ADMIN_MESSAGES.quoteNotFound, errorType: error.errorType });
    return quoteHttpException(error);
  }
  if (error instanceof BackofficeRefusal) return error.message === ORDER_NOT_FOUND ? new NotFoundException(ADMIN_MESSAGES.orderNotFound) : new ConflictException(error.message);
  return error;
}

/** A refusal the caller can act on (4xx), as opposed to a failure of ours: what the audit calls it. */
const isRefusal = (error: unknown): boolean => (error instanceof HttpException && error.getStatus() < 500) || error instanceof QuoteError || error instanceof BackofficeRefusal;

/** A payment link answer's fields that hold the link's token: never stored readable (audited's secretFields). */
const PAYMENT_LINK_SECRETS = ['token', 'paymentLink', 'paymentPath'] as const satisfies readonly (keyof AdminPaymentLinkResponse)[];

/** What the audit keeps of a quote's edit: what staff changed (amounts as the quote shows them). */
function auditedQuote(quote: Quote) {
  return {
    customer: { firstName: quote.firstName, lastName: quote.lastName, email: quote.email },
    items: quote.items.map((item) => ({ sku: item.sku, name: item.name, qty: item.qty, price: item.price })),
    total: quote.total,
    splitPaymentEnabled: quote.splitPaymentEnabled,
  };
}

/** A page of `items` read with one more than `limit`: the page, and its last item's name when more follow. */
function page<T>(items: T[], limit: number, nameOf: (item: T) => string): { items: T[]; next: string | null } {
  const shown = items.slice(0, limit);
  return { items: shown, next: items.length > limit ? nameOf(shown[shown.length - 1]!) : null };
}

/**
 * The back office's quotes over HTTP: the `npm run -s backoffice` quote commands on the same services
 * (QuotesService, quotes/quote-links.service.ts), answering the JSON they print. @Route applies the
 * admin guards to each: limited per client address, then a staff session or an API key with the
 * route's role, never cached. Every write is audited with who made it. Orders: orders/.
 */
@Controller()
export class AdminController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly db: DataSource,
    private readonly quoteEmails: QuoteEmails,
  ) {}

  private output(link: PaymentLink & { emailQueued?: boolean }, siteUrl?: string): AdminPaymentLinkResponse {
    return paymentLinkOutput({ id: link.quoteId, quoteIncrementId: link.quoteIncrementId }, link, siteUrl ?? linkSiteUrlOf(process.env));
  }

  /**
   * The site's address for an e-mailed link: PUBLIC_URL, else PUBLIC_SITE_URL (what the order e-mails'
   * links use, EmailSettings.siteUrl). One that is not an absolute http(s) URL is refused (409) before
   * anything is written.
   */
  private siteUrlForSending(): string {
    const siteUrl = siteUrlForSending(publicUrlOf(process.env) ?? readPublicSiteUrl());
    if (!siteUrl) throw new ConflictException({ message: SEND_NEEDS_SITE_URL.replace('--send', 'send'), errorType: 'siteUrlMissing' });
    return siteUrl;
  }

  /** Issues the link through `manager`, with its e-mail when `siteUrl` is given (send). */
  private issue(manager: EntityManager, quote: string, lifetime: number | undefined, siteUrl: string | undefined): Promise<PaymentLink & { emailQueued?: boolean }> {
    return issuePaymentLink(manager, this.quotes, this.quoteEmails, quote, { siteUrl, ...(lifetime !== undefined && { expiresInMs: lifetime }) });
  }

  /**
   * `quote create [--send]`: the quote, its first link (and with `send` its e-mail) in the audit's
   * transaction (no quote is left without a link). With an Idempotency-Key a retry (an answer lost on
   * the way, a double click) answers the same quote and the same link, and creates nothing again; the
   * link's token is kept for that only sealed with the key.
   */
  @Route(adminRoutes.createQuote)
  async createQuote(
    @AdminActor() caller: AdminCaller,
    @RouteBody() body: BodyOf<typeof adminRoutes.createQuote>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminPaymentLinkResponse> {
    const { expiresIn, expiresInMs, send, ...quote } = body;
    return this.audited(
      caller,
      'quote.create',
      null,
      async (manager) => {
        const lifetime = linkLifetimeMs({ expiresIn, expiresInMs });
        const siteUrl = send ? this.siteUrlForSending() : undefined;
        try {
          const created = await this.quotes.createQuote(quote, manager);
          return this.output(await this.issue(manager, created.id, lifetime, siteUrl), siteUrl);
        } catch (error) {
          throw adminHttpError(error);
        }
      },
      {
        targetOf: (created) => created.quoteIncrementId,
        ...this.idempotent('quote.create', caller, body, idempotencyKey, res),
      },
    );
  }

  /**
   * `quote link [--send]`: a new link (e-mailed with `send`); the quote's older links stop working.
   * With an Idempotency-Key a retry answers the link the first made (a new one would stop it working).
   */
  @Route(adminRoutes.issueLink)
  async issueLink(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { quote }: ParamsOf<typeof adminRoutes.issueLink>,
    @RouteBody() body: BodyOf<typeof adminRoutes.issueLink>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminPaymentLinkResponse> {
    return this.audited(
      caller,
      'quote.link',
      quote,
      async (manager) => {
        const lifetime = linkLifetimeMs(body);
        const siteUrl = body.send ? this.siteUrlForSending() : undefined;
        try {
          return this.output(await this.issue(manager, quote, lifetime, siteUrl), siteUrl);
        } catch (error) {
          throw adminHttpError(error);
        }
      },
      this.idempotent('quote.link', caller, body, idempotencyKey, res, quote),
    );
  }

  /** One quote with where it stands, its links and its order. */
  @Route(adminRoutes.quoteDetail)
  async quote(@RouteParams() { quote }: ParamsOf<typeof adminRoutes.quoteDetail>): Promise<ResponseOf<typeof adminRoutes.quoteDetail>> {
    try {
      return await quoteDetail(this.db, await this.quotes.resolve(quote));
    } catch (error) {
      throw adminHttpError(error);
    }
  }

  /** Staff's edit of a quote, priced again by the server, with its values before and after audited. */
  @Route(adminRoutes.updateQuote)
  async updateQuote(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { quote }: ParamsOf<typeof adminRoutes.updateQuote>,
    @RouteBody() body: BodyOf<typeof adminRoutes.updateQuote>,
  ): Promise<ResponseOf<typeof adminRoutes.updateQuote>> {
    return this.audited(caller, 'quote.update', quote, async (manager, changes) => {
      try {
        const before = await this.quotes.resolve(quote, manager);
        const after = await this.quotes.replaceQuote(before.id, body, manager);
        changes.before = auditedQuote(before);
        changes.after = auditedQuote(after);
        return quoteDetail(manager, after);
      } catch (error) {
        throw adminHttpError(error);
      }
    });
  }

  /** Every live link of the quote stops working. */
  @Route(adminRoutes.revokeLinks)
  async revokeLinks(@AdminActor() caller: AdminCaller, @RouteParams() { quote }: ParamsOf<typeof adminRoutes.revokeLinks>): Promise<ResponseOf<typeof adminRoutes.revokeLinks>> {
    return this.audited(caller, 'quote.revoke-links', quote, async (manager, changes) => {
      try {
        const { quoteId, revoked } = await this.quotes.revokeLinks(quote, manager);
        changes.after = { revoked };
        return { revoked, quote: await quoteDetail(manager, await this.quotes.view(quoteId, manager)) };
      } catch (error) {
        throw adminHttpError(error);
      }
    });
  }

  /** `quote list`, a page at a time */
  @Route(adminRoutes.listQuotes)
  async listQuotes(@RouteQuery() { status, limit = ADMIN_PAGE.defaultLimit, after }: QueryOf<typeof adminRoutes.listQuotes>): Promise<AdminQuoteListResponse> {
    try {
      const { items, next } = page(await this.quotes.listQuotes({ limit: limit + 1, ...(status && { status }), ...(after && { after }) }), limit, (quote) => quote.quoteIncrementId);
      return { quotes: items, next };
    } catch (error) {
      if (error instanceof QuoteError && error.errorType === 'quoteNotExist') throw afterNotFound('after must be a quote of the list (the previous page\'s next): no such quote.');
      throw error;
    }
  }

  /**
   * A payment link write's Idempotency-Key (none without the header; 400 when malformed), with the
   * link's token sealed in its record. The scope names the action (the column holds 32 characters); the
   * caller is in the fingerprint, so another caller's request under the same key is refused (422),
   * never answered with this one's link.
   */
  private idempotent(
    action: string,
    caller: AdminCaller,
    body: unknown,
    header: string | undefined,
    res: Response,
    ...target: string[]
  ): { idempotency?: IdempotentWrite; secretFields: typeof PAYMENT_LINK_SECRETS; onReplay: () => void } {
    const key = parseIdempotencyKey(header);
    const scope = `admin.${action}`;
    return {
      ...(key && { idempotency: new IdempotentWrite(key, scope, requestFingerprint(scope, body, ...target, caller.kind, caller.id)) }),
      secretFields: PAYMENT_LINK_SECRETS,
      onReplay: () => res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true'),
    };
  }

  /** Runs a write in one transaction with its audit row, naming the caller (`targetOf`: the target a create names only once done). */
  private audited<T>(
    caller: AdminCaller,
    action: string,
    target: string | null,
    write: (manager: EntityManager, changes: AuditChanges) => Promise<T>,
    options: Omit<Parameters<typeof audited<T>>[5], 'isRefusal'> = {},
  ): Promise<T> {
    return audited(this.db, auditorOf(caller), action, target, write, { isRefusal, ...options });
  }
}
