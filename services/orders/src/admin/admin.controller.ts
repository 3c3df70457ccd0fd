import { BadRequestException, ConflictException, Controller, NotFoundException, UseGuards } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  adminRoutes,
  type AdminOrderListResponse,
  type AdminPaymentLinkResponse,
  type AdminQuoteListResponse,
  type AdminSplitPaymentResponse,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from '@storefront/contracts';
import { dollarsToCents } from '@storefront/money';
import { RateLimitGuard, Route, RouteBody, RouteParams, RouteQuery, readPublicSiteUrl } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { parseDuration } from '../backoffice/backoffice-args.js';
import { BackofficeRefusal, ORDER_NOT_FOUND, enableSplitPayment, listOrders } from '../backoffice/order-commands.js';
import { SEND_NEEDS_SITE_URL, issueAndSendPaymentLink, paymentLinkOutput, publicUrlOf, siteUrlForSending } from '../backoffice/quote-commands.js';
import { QuoteEmails } from '../email/quote-emails.js';
import { QuoteError, QuotesService, quoteHttpException, type PaymentLink } from '../quotes/index.js';

/** A link's lifetime from the body: `expiresIn` as the CLI's --expires-in reads it, else `expiresInMs`, else the default. */
export function linkLifetimeMs({ expiresIn, expiresInMs }: { expiresIn?: string; expiresInMs?: number }): number | undefined {
  if (expiresIn === undefined) return expiresInMs;
  const ms = parseDuration(expiresIn);
  if (typeof ms === 'number') return ms;
  const message = ms.error.replace('--expires-in', 'expiresIn');
  throw new BadRequestException({ message, errors: { expiresIn: message } });
}

/** The back office's errors as the API answers them: a quote's as the customer's routes do (its own 404 text), a refusal 404 or 409. */
export function adminHttpError(error: unknown): unknown {
  if (error instanceof QuoteError) {
    if (error.errorType === 'quoteNotExist') return new NotFoundException({ message: ADMIN_MESSAGES.quoteNotFound, errorType: error.errorType });
    return quoteHttpException(error);
  }
  if (error instanceof BackofficeRefusal) return error.message === ORDER_NOT_FOUND ? new NotFoundException(ADMIN_MESSAGES.orderNotFound) : new ConflictException(error.message);
  return error;
}

/**
 * The back office over HTTP (issue 19 item 7): the `npm run -s backoffice` commands on the same
 * functions (QuotesService, listOrders, enableSplitPayment, paymentLinkOutput), answering the JSON
 * they print. @Route applies AdminTokenGuard to each (Bearer ADMIN_API_TOKEN, 404 while unset, never
 * cached); writes are rate-limited like the shop's.
 */
@Controller()
export class AdminController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly db: DataSource,
    private readonly quoteEmails: QuoteEmails,
  ) {}

  private output(link: PaymentLink & { emailQueued?: boolean }, siteUrl?: string): AdminPaymentLinkResponse {
    return paymentLinkOutput({ id: link.quoteId, quoteIncrementId: link.quoteIncrementId }, link, siteUrl ?? publicUrlOf(process.env));
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
    const expires = lifetime === undefined ? {} : { expiresInMs: lifetime };
    if (siteUrl === undefined) return this.quotes.issuePaymentLink(quote, { manager, ...expires });
    return issueAndSendPaymentLink(manager, this.quotes, this.quoteEmails, quote, { siteUrl, ...expires });
  }

  /** `quote create [--send]`: the quote, its first link (and with `send` its e-mail) in one transaction (no quote is left without a link). */
  @Route(adminRoutes.createQuote)
  @UseGuards(RateLimitGuard)
  async createQuote(@RouteBody() { expiresIn, expiresInMs, send, ...quote }: BodyOf<typeof adminRoutes.createQuote>): Promise<AdminPaymentLinkResponse> {
    const lifetime = linkLifetimeMs({ expiresIn, expiresInMs });
    const siteUrl = send ? this.siteUrlForSending() : undefined;
    try {
      const link = await this.db.transaction(async (manager) => {
        const created = await this.quotes.createQuote(quote, manager);
        return this.issue(manager, created.id, lifetime, siteUrl);
      });
      return this.output(link, siteUrl);
    } catch (error) {
      throw adminHttpError(error);
    }
  }

  /** `quote link [--send]`: a new link (e-mailed with `send`); the quote's older links stop working. */
  @Route(adminRoutes.issueLink)
  @UseGuards(RateLimitGuard)
  async issueLink(
    @RouteParams() { quote }: ParamsOf<typeof adminRoutes.issueLink>,
    @RouteBody() body: BodyOf<typeof adminRoutes.issueLink>,
  ): Promise<AdminPaymentLinkResponse> {
    const lifetime = linkLifetimeMs(body);
    const siteUrl = body.send ? this.siteUrlForSending() : undefined;
    try {
      return this.output(await this.db.transaction((manager) => this.issue(manager, quote, lifetime, siteUrl)), siteUrl);
    } catch (error) {
      throw adminHttpError(error);
    }
  }

  /** `quote list` */
  @Route(adminRoutes.listQuotes)
  async listQuotes(@RouteQuery() query: QueryOf<typeof adminRoutes.listQuotes>): Promise<AdminQuoteListResponse> {
    return { quotes: await this.quotes.listQuotes(query) };
  }

  /** `order list [--status]` */
  @Route(adminRoutes.listOrders)
  async listOrders(@RouteQuery() { status }: QueryOf<typeof adminRoutes.listOrders>): Promise<AdminOrderListResponse> {
    return { orders: await listOrders(this.db, status ? { status } : {}) };
  }

  /** `order split --order --minimum`: the order's new state. */
  @Route(adminRoutes.splitPayment)
  @UseGuards(RateLimitGuard)
  async splitPayment(
    @RouteParams() { order }: ParamsOf<typeof adminRoutes.splitPayment>,
    @RouteBody() { minimumSplitAmount }: BodyOf<typeof adminRoutes.splitPayment>,
  ): Promise<AdminSplitPaymentResponse> {
    try {
      return await enableSplitPayment(this.db, { order, minimumCents: dollarsToCents(minimumSplitAmount) });
    } catch (error) {
      throw adminHttpError(error);
    }
  }
}
