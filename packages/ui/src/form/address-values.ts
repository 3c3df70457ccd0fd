import type { FieldChoice } from '../fields/Select.js';

/**
 * The text an address form holds, as typed: the names and phone on the address and the place. The
 * checkout's saved addresses (My Account) and the back office's quote addresses are both this, plus
 * their own fields.
 */
export interface AddressTextValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
}

/** A saved address's text as a form's starting values; what it does not have is empty. */
export function addressTextValues(address: Partial<Record<keyof AddressTextValues, string | null>>): AddressTextValues {
  return {
    firstName: address.firstName ?? '',
    lastName: address.lastName ?? '',
    phoneNumber: address.phoneNumber ?? '',
    street1: address.street1 ?? '',
    street2: address.street2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    zipCode: address.zipCode ?? '',
    countryId: address.countryId ?? '',
  };
}

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
