import type { DataSource } from 'typeorm';
import { QuoteError, QuotesService } from '../quotes/index.js';

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
 * validates its input itself (the quote file's JSON, unchecked here); its refusal (QuoteError
 * invalidQuote) is reported as a bad quote file (exit 2).
 */
export interface QuoteCommands {
  createQuote(input: unknown): Promise<QuoteRef>;
  issuePaymentLink(quoteIdOrNumber: string, options: { expiresInMs?: number; send?: boolean }): Promise<IssuedPaymentLink>;
  listQuotes(): Promise<readonly unknown[]>;
  resolve(idOrNumber: string): Promise<QuoteRef | null | undefined>;
}

/** `--send`: e-mailing a payment link arrives with the quote e-mails; until then the link is printed only. */
export const SEND_NOT_AVAILABLE = 'Sending payment links by e-mail is not available yet: run the command without --send and send the printed link.';

/** The quotes service on the back office's data source (the same class the service injects). */
export function createQuoteCommands(dataSource: DataSource): QuoteCommands {
  const quotes = new QuotesService(dataSource);
  return {
    createQuote: (input) => quotes.createQuote(input),
    issuePaymentLink: (quoteIdOrNumber, { expiresInMs }) => quotes.issuePaymentLink(quoteIdOrNumber, expiresInMs === undefined ? {} : { expiresInMs }),
    listQuotes: () => quotes.listQuotes(),
    resolve: (idOrNumber) =>
      quotes.resolve(idOrNumber).catch((error: unknown) => {
        if (error instanceof QuoteError && error.errorType === 'quoteNotExist') return null;
        throw error;
      }),
  };
}

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
