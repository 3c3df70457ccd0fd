import type { DataSource, EntityManager } from 'typeorm';
import { QuoteError, QuotesService } from '../quotes/index.js';
import { issueAndSendPaymentLink, type IssuedAndSent, type QuoteLinkMailer, type QuoteRef, type SendLink } from '../quotes/index.js';

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
