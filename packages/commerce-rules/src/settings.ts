import type {
  ShippingCountryRule,
  ShippingMethodSettings,
  ShippingOrderRange,
  ShippingRegionOverride,
  ShippingSettings,
  ShippingStateRule,
  TaxCountryRule,
  TaxSettings,
  TaxStateRule,
} from '@storefront/contracts';
import { isPlainObject } from '@storefront/contracts';

/** A settings file an editor got wrong; the message names the field, e.g. `methods[0].rates[1].rate`. */
export class InvalidSettingsError extends Error {
  override readonly name = 'InvalidSettingsError';
  constructor(
    readonly file: string,
    readonly field: string,
    problem: string,
  ) {
    super(`${file}: ${field} ${problem}`);
  }
}

type Checker = (field: string, problem: string) => never;

function objectAt(value: unknown, field: string, fail: Checker): Record<string, unknown> {
  if (!isPlainObject(value)) fail(field, 'must be an object');
  return value as Record<string, unknown>;
}

function arrayAt(value: unknown, field: string, fail: Checker, optional = false): unknown[] {
  if (value === undefined && optional) return [];
  if (!Array.isArray(value)) fail(field, 'must be a list');
  return value as unknown[];
}

function textAt(value: unknown, field: string, fail: Checker): string {
  if (typeof value !== 'string' || value.trim() === '') fail(field, 'must be a non-empty text');
  return value as string;
}

function amountAt(value: unknown, field: string, fail: Checker): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(field, 'must be a number of at least 0');
  return value as number;
}

function optionalAmount(value: unknown, field: string, fail: Checker): number | undefined {
  return value === undefined ? undefined : amountAt(value, field, fail);
}

function booleanAt(value: unknown, field: string, fail: Checker): boolean {
  if (typeof value !== 'boolean') fail(field, 'must be true or false');
  return value as boolean;
}

function zipPatternAt(value: unknown, field: string, fail: Checker): string {
  const pattern = textAt(value, field, fail).trim();
  if (!/^(\d+|\d+\s*-\s*\d+|\d*\*)$/.test(pattern)) {
    fail(field, 'must be a zip ("99501"), a range ("10000-14999") or a wildcard ("*", "100*")');
  }
  return pattern;
}

function overrideAt(raw: Record<string, unknown>, field: string, fail: Checker): ShippingRegionOverride {
  const rate = optionalAmount(raw.rate, `${field}.rate`, fail);
  const ratePerItem = optionalAmount(raw.ratePerItem, `${field}.ratePerItem`, fail);
  const disabled =
    raw.isShippingDisabled === undefined ? undefined : booleanAt(raw.isShippingDisabled, `${field}.isShippingDisabled`, fail);
  return {
    ...(rate !== undefined ? { rate } : {}),
    ...(ratePerItem !== undefined ? { ratePerItem } : {}),
    ...(disabled !== undefined ? { isShippingDisabled: disabled } : {}),
  };
}

/** Checks content/settings/shipping.json and returns it typed; throws InvalidSettingsError naming the field. */
export function parseShippingSettings(value: unknown, file = 'settings/shipping.json'): ShippingSettings {
  const fail: Checker = (field, problem) => {
    throw new InvalidSettingsError(file, field, problem);
  };
  const root = objectAt(value, '(file)', fail);
  const methods = arrayAt(root.methods, 'methods', fail).map((rawMethod, m): ShippingMethodSettings => {
    const at = `methods[${m}]`;
    const method = objectAt(rawMethod, at, fail);
    const basis = method.calculateRateBy;
    if (basis !== 'Order' && basis !== 'Item') fail(`${at}.calculateRateBy`, 'must be "Order" or "Item"');
    const rates = arrayAt(method.rates, `${at}.rates`, fail, true).map((rawRange, r): ShippingOrderRange => {
      const rangeAt = `${at}.rates[${r}]`;
      const range = objectAt(rawRange, rangeAt, fail);
      const startValue = amountAt(range.startValue, `${rangeAt}.startValue`, fail);
      const endValue = range.endValue === null || range.endValue === undefined ? null : amountAt(range.endValue, `${rangeAt}.endValue`, fail);
      if (endValue !== null && endValue < startValue) fail(`${rangeAt}.endValue`, 'must not be below startValue');
      return { startValue, endValue, rate: amountAt(range.rate, `${rangeAt}.rate`, fail) };
    });
    const ratePerItem = optionalAmount(method.ratePerItem, `${at}.ratePerItem`, fail);
    if (basis === 'Order' && rates.length === 0) fail(`${at}.rates`, 'needs at least one range when calculateRateBy is "Order"');
    if (basis === 'Item' && ratePerItem === undefined) fail(`${at}.ratePerItem`, 'is needed when calculateRateBy is "Item"');
    const countries = arrayAt(method.countries, `${at}.countries`, fail).map((rawCountry, c): ShippingCountryRule => {
      const countryAt = `${at}.countries[${c}]`;
      const country = objectAt(rawCountry, countryAt, fail);
      const states = arrayAt(country.states, `${countryAt}.states`, fail, true).map((rawState, s): ShippingStateRule => {
        const stateAt = `${countryAt}.states[${s}]`;
        const state = objectAt(rawState, stateAt, fail);
        const zipCodes = arrayAt(state.zipCodes, `${stateAt}.zipCodes`, fail, true).map((rawZip, z) => {
          const zipAt = `${stateAt}.zipCodes[${z}]`;
          const zip = objectAt(rawZip, zipAt, fail);
          return { zipCode: zipPatternAt(zip.zipCode, `${zipAt}.zipCode`, fail), ...overrideAt(zip, zipAt, fail) };
        });
        return { state: textAt(state.state, `${stateAt}.state`, fail), ...overrideAt(state, stateAt, fail), zipCodes };
      });
      return { country: textAt(country.country, `${countryAt}.country`, fail), ...overrideAt(country, countryAt, fail), states };
    });
    return {
      type: textAt(method.type, `${at}.type`, fail),
      displayName: textAt(method.displayName, `${at}.displayName`, fail),
      ...(typeof method.description === 'string' ? { description: method.description } : {}),
      isEnabled: booleanAt(method.isEnabled, `${at}.isEnabled`, fail),
      calculateRateBy: basis as ShippingMethodSettings['calculateRateBy'],
      rates,
      ...(ratePerItem !== undefined ? { ratePerItem } : {}),
      countries,
    };
  });
  return { isEnabled: booleanAt(root.isEnabled, 'isEnabled', fail), methods };
}

/** Checks content/settings/tax.json and returns it typed; throws InvalidSettingsError naming the field. */
export function parseTaxSettings(value: unknown, file = 'settings/tax.json'): TaxSettings {
  const fail: Checker = (field, problem) => {
    throw new InvalidSettingsError(file, field, problem);
  };
  const percentAt = (raw: unknown, field: string): number => {
    const percent = amountAt(raw, field, fail);
    if (percent > 100) fail(field, 'must be a percentage between 0 and 100');
    return percent;
  };
  const root = objectAt(value, '(file)', fail);
  const countries = arrayAt(root.countries, 'countries', fail).map((rawCountry, c): TaxCountryRule => {
    const countryAt = `countries[${c}]`;
    const country = objectAt(rawCountry, countryAt, fail);
    const states = arrayAt(country.states, `${countryAt}.states`, fail, true).map((rawState, s): TaxStateRule => {
      const stateAt = `${countryAt}.states[${s}]`;
      const state = objectAt(rawState, stateAt, fail);
      const zipCodes = arrayAt(state.zipCodes, `${stateAt}.zipCodes`, fail, true).map((rawZip, z) => {
        const zipAt = `${stateAt}.zipCodes[${z}]`;
        const zip = objectAt(rawZip, zipAt, fail);
        return {
          zipCode: zipPatternAt(zip.zipCode, `${zipAt}.zipCode`, fail),
          taxPercentage: percentAt(zip.taxPercentage, `${zipAt}.taxPercentage`),
        };
      });
      return {
        state: textAt(state.state, `${stateAt}.state`, fail),
        taxPercentage: percentAt(state.taxPercentage, `${stateAt}.taxPercentage`),
        zipCodes,
      };
    });
    return {
      country: textAt(country.country, `${countryAt}.country`, fail),
      ...(country.taxPercentage !== undefined ? { taxPercentage: percentAt(country.taxPercentage, `${countryAt}.taxPercentage`) } : {}),
      states,
    };
  });
  return { isEnabled: booleanAt(root.isEnabled, 'isEnabled', fail), countries };
}
