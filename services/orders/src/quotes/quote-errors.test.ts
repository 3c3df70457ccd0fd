import { QuoteError, linkExpired, linkNotFound, quoteHttpException, quoteNotFound } from './quote-errors.js';

const answer = (error: QuoteError, notFound?: 400 | 404) => {
  const http = quoteHttpException(error, notFound);
  return { status: http.getStatus(), body: http.getResponse() };
};

describe('a QuoteError over HTTP', () => {
  it("answers the link errors in the spec's words: 400 on the payment page's call, an unknown quote 404 elsewhere", () => {
    expect(answer(linkExpired(), 400)).toEqual({
      status: 400,
      body: { errorType: 'tokenExpired', message: 'The quote link has expired. Please contact admin to receive a new payment link.' },
    });
    expect(answer(linkNotFound(), 400)).toEqual({ status: 400, body: { errorType: 'quoteNotExist', message: 'Quote not found. The link may be incorrect.' } });
    expect(answer(quoteNotFound())).toEqual({ status: 404, body: { errorType: 'quoteNotExist', message: 'Quote not found.' } });
  });

  it('names each broken field of an invalid quote, and refuses a new link for an ordered quote with 409', () => {
    expect(answer(new QuoteError('invalidQuote', 'items: A quote needs at least one item', { items: 'A quote needs at least one item' }))).toEqual({
      status: 400,
      body: { errorType: 'invalidQuote', message: 'items: A quote needs at least one item', errors: { items: 'A quote needs at least one item' } },
    });
    expect(answer(new QuoteError('quoteAlreadyOrdered', 'This quote has already been ordered.')).status).toBe(409);
  });
});
