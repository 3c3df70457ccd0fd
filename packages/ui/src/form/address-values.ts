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
