import type { AccountAddress } from '@storefront/contracts';

/** A customer_address row as PostgreSQL answers it. */
export interface AddressRow {
  id: string;
  first_name: string;
  last_name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip_code: string;
  country_id: string;
  phone_number: string;
  is_default_shipping: boolean;
  is_default_billing: boolean;
  created_at: Date | string;
}

export const ADDRESS_COLUMNS =
  'id, first_name, last_name, company, street1, street2, city, state, zip_code, country_id, phone_number, is_default_shipping, is_default_billing, created_at';

/** Defaults first, then the newest (My Account's address list). */
export const ADDRESS_ORDER = '(is_default_shipping OR is_default_billing) DESC, created_at DESC, id';

/** An address as the account answers it. No address check runs, so a default one is `primary` and any other `unverified`. */
export function accountAddressOf(row: AddressRow): AccountAddress {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    countryId: row.country_id,
    phoneNumber: row.phone_number,
    isDefaultShipping: row.is_default_shipping,
    isDefaultBilling: row.is_default_billing,
    status: row.is_default_shipping || row.is_default_billing ? 'primary' : 'unverified',
    createdAt: new Date(row.created_at).toISOString(),
  };
}
