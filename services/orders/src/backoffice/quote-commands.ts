import type { DataSource, EntityManager } from 'typeorm';
import type { QuotePaymentLinkEmail } from '../email/index.js';
import { QuoteError, QuotesService, type PaymentLink } from '../quotes/index.js';
import { gatewayPort } from '@storefront/topology';

/** A quote as the back office needs it; the quotes service's own type may carry more. */
export interface QuoteRef {
  id: string;
  quoteIncrementId: string;
}

/** A payment link just issued: the token is shown once (only its hash is stored). */
export interface IssuedPaymentLink {
  token: string;
  expiresAt: Date | string;
  /** `/quote/payment?quoteId={id}&token={token}` */
  path: string;
}

/** `--send`: e-mail the link to the quote's customer, the link made absolute on `siteUrl` (no trailing slash). */
export interface SendLink {
  siteUrl: string;
}

/** A link issued with `send`: the e-mail was queued in the transaction that issued it. */
export type IssuedAndSent = IssuedPaymentLink & { emailQueued?: boolean };

/**
 * What the back office's quote commands need from the quotes service (services/orders/src/quotes/,
 * QuotesService): exactly its methods, typed loosely so the service fits as it is. `createQuote`
 * validates its input itself (the quote file's JSON, unchecked here); its refusal (QuoteError
 * invalidQuote) is reported as a bad quote file (exit 2). `issuePaymentLink` with `send` issues the
 * link and queues its e-mail in one transaction.
 */
export interface QuoteCommands {
  /** `manager`: the write's transaction (the audit row's), else one of its own */
  createQuote(input: unknown, manager?: EntityManager): Promise<QuoteRef>;
  issuePaymentLink(quoteIdOrNumber: string, options: { expiresInMs?: number; send?: SendLink; manager?: EntityManager }): Promise<IssuedAndSent>;
  listQuotes(): Promise<readonly unknown[]>;
  resolve(idOrNumber: string): Promise<QuoteRef | null | undefined>;
}

/** What e-mails a payment link (QuoteEmails, src/email/quote-emails.ts). */
export interface QuoteLinkMailer {
  queueQuotePaymentLink(manager: EntityManager, quoteId: string, link: QuotePaymentLinkEmail): Promise<boolean>;
}

/** `--send` without an absolute site address to put in the link: exit 2. */
export const SEND_NEEDS_SITE_URL =
  '--send e-mails an absolute link: set PUBLIC_URL (or PUBLIC_SITE_URL) to the address shoppers reach the site at, like https://www.example.com';

/** The site's address to e-mail links on: an absolute http(s) URL without a trailing slash, else undefined. */
export function siteUrlForSending(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.search || url.hash || url.username || url.password) return undefined;
    return value.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** The absolute payment link: the site's address and the link's path. */
export function absoluteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Issues a payment link and queues its e-mail to the quote's customer through `manager` (one
 * transaction: the outbox row and its job go with the link, or neither). Shared by the back office
 * and POST /api/admin/quotes… with `send`.
 */
export async function issueAndSendPaymentLink(
  manager: EntityManager,
  quotes: Pick<QuotesService, 'issuePaymentLink'>,
  mailer: QuoteLinkMailer,
  quoteIdOrNumber: string,
  { expiresInMs, siteUrl }: { expiresInMs?: number; siteUrl: string },
): Promise<PaymentLink & { emailQueued: true }> {
  const link = await quotes.issuePaymentLink(quoteIdOrNumber, { manager, ...(expiresInMs !== undefined && { expiresInMs }) });
  await mailer.queueQuotePaymentLink(manager, link.quoteId, { paymentLink: absoluteLink(siteUrl, link.path), expiresAt: link.expiresAt });
  return { ...link, emailQueued: true };
}

/**
 * The quotes service on the back office's data source (the same class the service injects).
 * `mailer` builds what e-mails links (only `--send` needs one; the CLI starts a job runner for it).
 */
export function createQuoteCommands(dataSource: DataSource, mailer?: () => Promise<QuoteLinkMailer>): QuoteCommands {
  const quotes = new QuotesService(dataSource);
  return {
    createQuote: (input, manager) => quotes.createQuote(input, manager),
    issuePaymentLink: async (quoteIdOrNumber, { expiresInMs, send, manager: outer }) => {
      if (!send) return quotes.issuePaymentLink(quoteIdOrNumber, { ...(expiresInMs !== undefined && { expiresInMs }), ...(outer && { manager: outer }) });
      if (!mailer) throw new Error('e-mailing payment links is not set up in this build');
      const emails = await mailer();
      return (outer ?? dataSource).transaction((manager) =>
        issueAndSendPaymentLink(manager, quotes, emails, quoteIdOrNumber, { siteUrl: send.siteUrl, ...(expiresInMs !== undefined && { expiresInMs }) }),
      );
    },
    listQuotes: () => quotes.listQuotes(),
    resolve: (idOrNumber) =>
      quotes.resolve(idOrNumber).catch((error: unknown) => {
        if (error instanceof QuoteError && error.errorType === 'quoteNotExist') return null;
        throw error;
      }),
  };
}

/** The printed answer of `quote create` and `quote link`. */
export function paymentLinkOutput(quote: QuoteRef, link: IssuedAndSent, siteUrl: string) {
  const expiresAt = link.expiresAt instanceof Date ? link.expiresAt.toISOString() : link.expiresAt;
  return {
    quoteId: quote.id,
    quoteIncrementId: quote.quoteIncrementId,
    token: link.token,
    expiresAt,
    paymentLink: absoluteLink(siteUrl, link.path),
    paymentPath: link.path,
    ...(link.emailQueued && { emailQueued: true }),
  };
}

/** The site's address for absolute links: PUBLIC_URL (the back office's own name for it), else PUBLIC_SITE_URL; none when neither is set. */
export function publicUrlOf(env: Record<string, string | undefined>): string | undefined {
  return env.PUBLIC_URL?.trim() || env.PUBLIC_SITE_URL?.trim() || undefined;
}

/**
 * The address a printed payment link starts with: publicUrlOf, else the local gateway's (what
 * `npm start` serves; production requires PUBLIC_SITE_URL, so this fallback is development's only).
 * Staff paste the link into an e-mail: a bare path would not open.
 */
export function linkSiteUrlOf(env: Record<string, string | undefined>): string {
  return publicUrlOf(env) ?? `http://localhost:${gatewayPort(env)}`;
}
