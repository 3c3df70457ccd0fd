import {
  NO_SHIPPING_METHODS,
  SHIPPING_COUNTRY,
  type ShippingDestination,
  type ShippingMethodSettings,
  type ShippingQuote,
  type ShippingRegionOverride,
  type ShippingSettings,
} from '@storefront/contracts';
import { dollarsToCents, type Cents } from '@storefront/money';
import { normaliseDestination, sameCode } from './destination.js';
import { matchZipEntry } from './zip-match.js';

/**
 * The settings file (content/settings/shipping.json) writes rates and ranges in dollars, as the
 * business thinks of them; they become cents here, where they enter the money path.
 */
export interface ShippingCartTotals {
  /** merchandise subtotal in cents, matched against the order ranges */
  subtotal: Cents;
  /** number of items (sum of quantities), for per-item rates */
  itemCount: number;
}

/** What the shopper sees when nothing can be shipped to the address; checkout is blocked. */
export const NO_METHODS_QUOTE: ShippingQuote = Object.freeze({
  method: NO_SHIPPING_METHODS,
  label: 'No shipping methods available',
  amount: 0,
});

/**
 * The shipping charge for a cart going to `destination`: the first enabled method (in the order the
 * business lists them) that delivers there. 'no-methods' when shipping is off, the country is not the
 * US, or every method is disabled for the region.
 */
export function resolveShippingRate(
  settings: ShippingSettings,
  destination: Partial<ShippingDestination> | undefined,
  cart: ShippingCartTotals,
): ShippingQuote {
  if (!settings.isEnabled) return NO_METHODS_QUOTE;
  const where = normaliseDestination(destination);
  // Spec: shipping US only, whatever the settings file lists.
  if (where.country !== SHIPPING_COUNTRY) return NO_METHODS_QUOTE;

  for (const method of settings.methods) {
    if (!method.isEnabled) continue;
    const amount = rateForMethod(method, where, cart);
    if (amount !== null) return { method: method.type, label: method.displayName, amount };
  }
  return NO_METHODS_QUOTE;
}

/** The region entries that apply, most specific first: zip entry, state, country. */
function matchingOverrides(
  method: ShippingMethodSettings,
  where: { country: string; state: string; zip: string },
): ShippingRegionOverride[] | null {
  const country = method.countries.find((rule) => sameCode(rule.country, where.country));
  if (!country) return null;
  const state = where.state ? country.states?.find((rule) => sameCode(rule.state, where.state)) : undefined;
  const zip = state && where.zip ? matchZipEntry(state.zipCodes, where.zip) : undefined;
  const chain: (ShippingRegionOverride | undefined)[] = [zip, state, country];
  return chain.filter((entry): entry is ShippingRegionOverride => entry !== undefined);
}

function rateForMethod(
  method: ShippingMethodSettings,
  where: { country: string; state: string; zip: string },
  cart: ShippingCartTotals,
): Cents | null {
  const overrides = matchingOverrides(method, where);
  if (!overrides) return null;
  const disabled = overrides.find((entry) => entry.isShippingDisabled !== undefined)?.isShippingDisabled;
  if (disabled) return null;

  if (method.calculateRateBy === 'Item') {
    const perItem = overrides.find((entry) => entry.ratePerItem !== undefined)?.ratePerItem ?? method.ratePerItem;
    if (perItem === undefined) return null;
    return dollarsToCents(perItem) * Math.max(0, cart.itemCount);
  }

  const flat = overrides.find((entry) => entry.rate !== undefined)?.rate;
  if (flat !== undefined) return dollarsToCents(flat);
  const band = method.rates?.find(
    (range) => cart.subtotal >= dollarsToCents(range.startValue) && (range.endValue === null || cart.subtotal <= dollarsToCents(range.endValue)),
  );
  return band ? dollarsToCents(band.rate) : null;
}
