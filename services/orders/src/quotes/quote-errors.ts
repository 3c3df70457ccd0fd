import { BadRequestException, ConflictException, type HttpException, NotFoundException } from '@nestjs/common';
import { QUOTE_MESSAGES, type QuoteLinkErrorType } from '@storefront/contracts';

/**
 * Why a quote operation did not happen. Thrown by QuotesService whether it runs inside Nest or
 * from a script (the back office); the HTTP layer turns it into an ApiErrorBody (quotes.controller.ts).
 * - tokenExpired, quoteNotExist: the spec's reasons a payment link opens nothing (§7, §8)
 * - invalidQuote: the quote staff wrote breaks a rule (`errors` keyed by field path)
 * - invalidExpiry: a link's lifetime is not a positive number of milliseconds up to a year
 * - quoteAlreadyOrdered: the quote has been paid; it needs no new payment link
 */
export type QuoteErrorType = QuoteLinkErrorType | 'invalidQuote' | 'invalidExpiry' | 'quoteAlreadyOrdered';

export class QuoteError extends Error {
  override readonly name = 'QuoteError';

  constructor(
    readonly errorType: QuoteErrorType,
    message: string,
    /** each broken field's message, keyed by its path (invalidQuote) */
    readonly errors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const QUOTE_ALREADY_ORDERED = 'This quote has already been ordered.';

export const linkNotFound = (): QuoteError => new QuoteError('quoteNotExist', QUOTE_MESSAGES.linkNotFound);
export const linkExpired = (): QuoteError => new QuoteError('tokenExpired', QUOTE_MESSAGES.linkExpired);
export const quoteNotFound = (): QuoteError => new QuoteError('quoteNotExist', QUOTE_MESSAGES.notFound);

/**
 * A QuoteError as an HTTP answer (an ApiErrorBody with `errorType`, and `errors` for invalidQuote):
 * 400 for what the caller sent wrong and for an expired link, 409 for a quote already ordered, and
 * `notFound` for an unknown quote: 404 by default, 400 on GET /api/quote, where the spec answers
 * quoteNotExist with a 400.
 */
export function quoteHttpException(error: QuoteError, notFound: 400 | 404 = 404): HttpException {
  const body = { message: error.message, errorType: error.errorType, ...(Object.keys(error.errors).length ? { errors: error.errors } : {}) };
  switch (error.errorType) {
    case 'quoteNotExist':
      return notFound === 400 ? new BadRequestException(body) : new NotFoundException(body);
    case 'quoteAlreadyOrdered':
      return new ConflictException(body);
    default:
      return new BadRequestException(body);
  }
}
