/**
 * Quotes: what the rest of the orders service (the back office's two doors, the conversion to
 * an order) uses. A script builds the service from a DataSource on the orders schema whose entities
 * include QUOTE_ENTITIES and ORDER_ENTITIES: `new QuotesService(dataSource)`.
 */
export { QuoteAddressEntity, QuoteEntity, QuoteItemEntity, QuotePaymentLinkEntity, QUOTE_ENTITIES } from './quote.entity.js';
export { QUOTE_ALREADY_ORDERED, QuoteError, quoteHttpException, type QuoteErrorType } from './quote-errors.js';
export { quoteTotals, type QuoteAmountsInDollars, type QuoteTotals } from './quote-totals.js';
export { toQuoteView } from './quote-view.js';
export {
  DEFAULT_PAYMENT_LINK_LIFETIME_MS,
  INVALID_LINK_LIFETIME,
  MAX_PAYMENT_LINK_LIFETIME_MS,
  QuotesService,
  isQuoteId,
  type IssuePaymentLinkOptions,
  type ListQuotesOptions,
  type PaymentLink,
} from './quotes.service.js';
export {
  SEND_NEEDS_SITE_URL,
  absoluteLink,
  issueAndSendPaymentLink,
  issuePaymentLink,
  linkSiteUrlOf,
  paymentLinkOutput,
  publicUrlOf,
  siteUrlForSending,
  type IssuedAndSent,
  type IssuedPaymentLink,
  type QuoteLinkMailer,
  type QuoteRef,
  type SendLink,
} from './quote-links.service.js';
