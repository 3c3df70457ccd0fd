import type { CheckoutFormValues } from '@storefront/commerce-rules';

export interface CheckoutPrefill {
  /** saved profile details for the form (spec 2: signed-in users get them prefilled) */
  values: Partial<CheckoutFormValues>;
  /** sent as customerId with the order (registered customers only) */
  customerId?: string;
  /** spec 2: e-mail fields are disabled when the signed-in user already has an e-mail */
  lockEmail: boolean;
}

/**
 * SEAM for signed-in checkout. Accounts (GET /api/my-account/me with the session's access token)
 * arrive in a later issue; until then every shopper is a guest and this answers nothing. When
 * accounts exist, read the profile here (in an effect: the token is browser-only) and return the
 * saved billing/shipping details, the customer id and lockEmail; the form already applies them.
 */
export function useCheckoutPrefill(): CheckoutPrefill | null {
  return null;
}
