// The quote's words, free of the quote schemas (the quote payment and view pages need only these).

/** The quote pages' and the quotes API's messages. */
export const QUOTE_MESSAGES = {
  /** 400 tokenExpired (the payment page's expired view says the same) */
  linkExpired: 'The quote link has expired. Please contact admin to receive a new payment link.',
  /** 400 quoteNotExist: unknown quote, malformed id, wrong or revoked token alike */
  linkNotFound: 'Quote not found. The link may be incorrect.',
  /** 404 of the quote view without a working token */
  notFound: 'Quote not found.',
  idRequired: 'Quote ID is required',
  /** the quote view page (spec 8, views) */
  fetchFailed: 'Failed to fetch quote',
  fetchFailedRetry: 'Failed to fetch quote. Please try again.',
  noItems: 'No quote items found.',
  itemsRequired: 'A quote needs at least one item',
  billingRequired: 'A billing address is required',
  oneAddressPerType: 'A quote has one billing and one shipping address',
  discountTooLarge: 'Discount cannot exceed the quote amount',
  minimumSplitRequired: 'Minimum split amount is required when split payment is enabled',
  minimumSplitTooLarge: 'Minimum split amount cannot exceed the total',
  /** 409 quoteOrdered: the quote was paid in full (a link's second Pay Now charges nothing) */
  alreadyOrdered: 'This quote has already been ordered.',
  /** convertToOrder for a transaction the payments service never verified for the quote's order */
  paymentNotVerified: 'This payment has not been verified for this quote.',
  converted: 'The quote has been converted to an order.',
} as const;
