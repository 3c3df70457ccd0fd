import { SHIPPING_COUNTRY, type ShippingDestination } from '@storefront/contracts';

export interface NormalisedDestination {
  country: string;
  state: string;
  zip: string;
}

/** Upper-case codes, trimmed; the country defaults to US (spec: default country US). */
export function normaliseDestination(destination: Partial<ShippingDestination> | undefined): NormalisedDestination {
  const country = (destination?.country ?? '').trim().toUpperCase() || SHIPPING_COUNTRY;
  return {
    country,
    state: (destination?.state ?? '').trim().toUpperCase(),
    zip: (destination?.zip ?? '').trim(),
  };
}

export function sameCode(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}
