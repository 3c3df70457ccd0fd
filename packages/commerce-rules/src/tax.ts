import type { ShippingDestination, TaxSettings } from '@storefront/contracts';
import { normaliseDestination, sameCode } from './destination.js';
import { matchZipEntry } from './zip-match.js';

/**
 * The sales-tax percentage for a destination: the best zip entry of the state (exact, range,
 * wildcard), else the state default, else the country's, else 0.
 */
export function resolveTaxRate(settings: TaxSettings, destination: Partial<ShippingDestination> | undefined): number {
  if (!settings.isEnabled) return 0;
  const where = normaliseDestination(destination);
  const country = settings.countries.find((rule) => sameCode(rule.country, where.country));
  if (!country) return 0;
  const state = where.state ? country.states?.find((rule) => sameCode(rule.state, where.state)) : undefined;
  const zip = state && where.zip ? matchZipEntry(state.zipCodes, where.zip) : undefined;
  return zip?.taxPercentage ?? state?.taxPercentage ?? country.taxPercentage ?? 0;
}
