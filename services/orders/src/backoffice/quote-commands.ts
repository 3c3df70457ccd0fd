import type { DataSource } from 'typeorm';

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

/**
 * What the back office's quote commands need from the quotes service (services/orders/src/quotes/,
 * QuotesService): exactly its methods, typed loosely so the service fits as it is. `createQuote`
 * validates its input itself (the quote file's JSON, unchecked here); a yup ValidationError from it
 * is reported as a bad quote file (exit 2). `send: true` asks for the link to be e-mailed to the
 * customer through the outbox.
 */
export interface QuoteCommands {
  createQuote(input: unknown): Promise<QuoteRef>;
  issuePaymentLink(quoteIdOrNumber: string, options: { expiresInMs?: number; send?: boolean }): Promise<IssuedPaymentLink>;
  listQuotes(): Promise<readonly unknown[]>;
  resolve(idOrNumber: string): Promise<QuoteRef | null | undefined>;
}

export const QUOTES_UNAVAILABLE = 'Quotes are not available in this build.';

/**
 * Builds the quotes service on the back office's data source; undefined while this build has none
 * (the quote commands then print QUOTES_UNAVAILABLE and exit 1, before opening any database).
 * Wiring point: once QuotesService lands, e.g. `= (dataSource) => new QuotesService(dataSource, ...)`.
 */
export const createQuoteCommands: ((dataSource: DataSource) => QuoteCommands) | undefined = undefined;

/** The printed answer of `quote create` and `quote link`. */
export function paymentLinkOutput(quote: QuoteRef, link: IssuedPaymentLink, publicUrl: string | undefined) {
  const expiresAt = link.expiresAt instanceof Date ? link.expiresAt.toISOString() : link.expiresAt;
  return {
    quoteId: quote.id,
    quoteIncrementId: quote.quoteIncrementId,
    token: link.token,
    expiresAt,
    paymentLink: { path: link.path, ...(publicUrl && { url: `${publicUrl.replace(/\/+$/, '')}${link.path}` }) },
  };
}

/** The site's address for absolute links: PUBLIC_URL (issue 19's name), else PUBLIC_SITE_URL; none when neither is set. */
export function publicUrlOf(env: Record<string, string | undefined>): string | undefined {
  return env.PUBLIC_URL?.trim() || env.PUBLIC_SITE_URL?.trim() || undefined;
}
