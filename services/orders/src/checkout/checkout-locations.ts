import type { AddressType, CheckoutLocations } from '@storefront/contracts';
import { SHIPPING_COUNTRY } from '@storefront/contracts';
import { allCountries } from 'country-region-data';

export const INVALID_COUNTRY = 'Please select a valid country';
export const INVALID_STATE = 'Please select a valid state';

/**
 * The package lists US territories and military "states" with the states; the checkout offers the
 * 50 states and DC (territories are separate countries in ISO 3166 and have their own entries).
 */
const NOT_A_US_STATE: ReadonlySet<string> = new Set(['AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI', 'UM', 'AA', 'AE', 'AP']);

const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name, 'en');

function buildLocations(): CheckoutLocations {
  const countries = allCountries.map(([name, code]) => ({ code, name })).sort(byName);
  const us = allCountries.find(([, code]) => code === SHIPPING_COUNTRY);
  const usStates = (us?.[2] ?? [])
    .map(([name, code]) => ({ code: code ?? '', name }))
    .filter((state) => state.code !== '' && !NOT_A_US_STATE.has(state.code))
    .sort(byName);
  return { countries, states: { [SHIPPING_COUNTRY]: usStates }, defaultCountry: SHIPPING_COUNTRY };
}

/** Built once: the list only changes with a package upgrade, which is a deploy. */
export const CHECKOUT_LOCATIONS: CheckoutLocations = buildLocations();
const COUNTRY_CODES: ReadonlySet<string> = new Set(CHECKOUT_LOCATIONS.countries.map((country) => country.code));
const US_STATE_CODES: ReadonlySet<string> = new Set(CHECKOUT_LOCATIONS.states[SHIPPING_COUNTRY]!.map((state) => state.code));

/**
 * An address's country and state against the checkout's own lists (codes already upper-cased),
 * keyed like the checkout form (bill_country, ship_state). Empty values are the required rules' job.
 */
export function locationErrors(type: AddressType, address: { countryId: string; state: string }): Record<string, string> {
  const prefix = type === 'billing' ? 'bill' : 'ship';
  if (!address.countryId) return {};
  if (!COUNTRY_CODES.has(address.countryId)) return { [`${prefix}_country`]: INVALID_COUNTRY };
  if (address.countryId === SHIPPING_COUNTRY && address.state && !US_STATE_CODES.has(address.state)) {
    return { [`${prefix}_state`]: INVALID_STATE };
  }
  return {};
}
