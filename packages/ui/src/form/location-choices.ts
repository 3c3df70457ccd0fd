import type { FieldChoice } from '../fields/Select.js';

// A module apart from address-values.ts: the checkout page, which fills no form from a saved address, bundles
// only these (a module two pages share goes whole into each page's chunk).

interface Place {
  code: string;
  name: string;
}

/** Countries (the checkout's locations: GET /api/order/checkout-locations) as a select's choices. */
export function countryChoices(countries: readonly Place[]): FieldChoice[] {
  return countries.map((country) => ({ value: country.code, label: country.name }));
}

/** The states the site lists for `country` as a select's choices: none where it lists none (the state is typed then). */
export function stateChoices(states: Readonly<Record<string, readonly Place[] | undefined>>, country: string): FieldChoice[] {
  return (states[country] ?? []).map((state) => ({ value: state.code, label: state.name }));
}
