// The order view page's words (spec 8, views), free of the order schemas: the page needs only these.

export const ORDER_VIEW_MESSAGES = {
  idRequired: 'Order ID is required',
  /** the order page's answer to any failure to find the order (unknown, wrong token, not the owner's) */
  notFound: 'Order not found.',
  /** an outage: the title, and the text when the server gave no message of its own */
  fetchFailed: 'Failed to fetch order',
  fetchFailedRetry: 'Failed to fetch order. Please try again.',
  noItems: 'No order items found.',
} as const;

/** Spec 8 (views) and the content spec's empty lists: a list with nothing in it. */
export const EMPTY_LIST_MESSAGES = {
  title: 'No Data Found',
  message: 'We are sorry, but we could not find any data.',
} as const;
