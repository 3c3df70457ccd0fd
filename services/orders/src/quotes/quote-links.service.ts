import { gatewayPort } from '@storefront/topology';
import type { EntityManager } from 'typeorm';
import type { QuotePaymentLinkEmail } from '../email/index.js';
import type { PaymentLink, QuotesService } from './quotes.service.js';

/**
 * Payment links as the back office issues them, shared by its two doors: the command line
 * (backoffice/cli.ts) and the admin API (admin/admin.controller.ts). Each door only reads its
 * arguments and prints or answers the result.
 */

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

/** Issues a link through `manager`, and with `siteUrl` (send) queues its e-mail in the same transaction. */
export function issuePaymentLink(
  manager: EntityManager,
  quotes: Pick<QuotesService, 'issuePaymentLink'>,
  mailer: QuoteLinkMailer,
  quoteIdOrNumber: string,
  { expiresInMs, siteUrl }: { expiresInMs?: number; siteUrl?: string | undefined },
): Promise<PaymentLink & { emailQueued?: boolean }> {
  const expires = expiresInMs === undefined ? {} : { expiresInMs };
  if (siteUrl === undefined) return quotes.issuePaymentLink(quoteIdOrNumber, { manager, ...expires });
  return issueAndSendPaymentLink(manager, quotes, mailer, quoteIdOrNumber, { siteUrl, ...expires });
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
