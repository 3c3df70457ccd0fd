import { accountAddressInputSchema, type AccountAddressInput, type FormValues } from '@storefront/contracts';

/**
 * What registration reads from the /register form's values (content/forms/registration.json): the
 * field names are the form's, the business's names are ours. Values are already checked by the
 * form's own rules (form-schema); hidden fields (companyName for a homeowner) are gone.
 */
export const REGISTRATION_FIELDS = Object.freeze({
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  password: 'password',
  accountType: 'accountType',
  companyName: 'companyName',
  newsletter: 'newsletter',
  /** the address group and its sub-fields */
  address: 'address',
  street: 'street',
  country: 'addressCountry',
  state: 'addressState',
  city: 'addressCity',
  zip: 'zip',
});

/** The profile and the first address a registration asks to store. */
export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  accountType: string | null;
  companyName: string | null;
  newsletter: boolean;
  /** the form's address with the profile's names and phone, when it passes the account address rules; else none is saved */
  address: AccountAddressInput | undefined;
}

const F = REGISTRATION_FIELDS;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function group(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The registration in the form's values. `undefined` email or password: the form does not have the
 * fields registration needs (a content mistake, not the shopper's).
 */
export function registrationOf(values: FormValues): Registration | undefined {
  const v = values as Record<string, unknown>;
  const email = text(v[F.email]).toLowerCase();
  const password = v[F.password];
  if (!email || typeof password !== 'string') return undefined;
  const profile = {
    firstName: text(v[F.firstName]),
    lastName: text(v[F.lastName]),
    phone: text(v[F.phone]),
  };
  const companyName = text(v[F.companyName]) || null;
  const address = group(v[F.address]);
  return {
    email,
    password,
    ...profile,
    accountType: text(v[F.accountType]) || null,
    companyName,
    newsletter: v[F.newsletter] === true || v[F.newsletter] === 'true',
    address: firstAddress({
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phone,
      company: companyName ?? '',
      street1: text(address[F.street]),
      city: text(address[F.city]),
      state: text(address[F.state]),
      zipCode: text(address[F.zip]),
      countryId: text(address[F.country]) || 'US',
      isDefaultShipping: true,
      isDefaultBilling: true,
    }),
  };
}

/** The address as the account stores it, or undefined when it breaks the account address rules (it is then skipped, not refused). */
function firstAddress(candidate: Record<string, unknown>): AccountAddressInput | undefined {
  if (!accountAddressInputSchema.isValidSync(candidate)) return undefined;
  return accountAddressInputSchema.validateSync(candidate, { stripUnknown: true });
}
