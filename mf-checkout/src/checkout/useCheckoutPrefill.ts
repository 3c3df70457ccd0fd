import { useEffect, useState } from 'react';
import { checkoutFormFieldName, type CheckoutFormValues } from '@storefront/commerce-rules';
import {
  CSRF_COOKIE,
  accountApi,
  call,
  readCookie,
  type AccountAddress,
  type AddressType,
  type CheckoutAddressField,
  type MyAccountResponse,
} from '@storefront/contracts';

export interface CheckoutPrefill {
  /** saved profile details for the form (spec 2: signed-in users get them prefilled) */
  values: Partial<CheckoutFormValues>;
  /** sent as customerId with the order (registered customers only; the server takes the session's anyway) */
  customerId?: string;
  /** spec 2: e-mail fields are locked when the signed-in user already has an e-mail */
  lockEmail: boolean;
}

export type SignedInAccount = MyAccountResponse['data'];

/** The address fields an account address fills (e-mail is the account's, not the address's). */
const ADDRESS_PARTS = ['street1', 'street2', 'city', 'state', 'zipCode', 'countryId'] as const satisfies readonly CheckoutAddressField[];

/** The default address of one kind: the customer's named default, else the address flagged as it. */
function defaultAddress(addresses: readonly AccountAddress[], id: string | null, flag: 'isDefaultBilling' | 'isDefaultShipping'): AccountAddress | undefined {
  return (id ? addresses.find((address) => address.id === id) : undefined) ?? addresses.find((address) => address[flag]);
}

/** One group's values: the address's own names and phone, else the account's; the account's e-mail. */
function groupValues(type: AddressType, account: SignedInAccount, address: AccountAddress | undefined): Record<string, string> {
  const { user, customer } = account;
  const values: Partial<Record<CheckoutAddressField, string>> = {
    firstName: address?.firstName || customer.firstName || user.firstName,
    lastName: address?.lastName || customer.lastName || user.lastName,
    email: user.email,
    phoneNumber: address?.phoneNumber || customer.phoneNumber || user.phone,
  };
  if (address) for (const part of ADDRESS_PARTS) values[part] = address[part];
  // nothing to say is not a value: an empty one would only stand in for the form's own default
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [CheckoutAddressField, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
      .map(([field, value]) => [checkoutFormFieldName(type, field), value.trim()]),
  );
}

/**
 * What GET /api/my-account/me gives the checkout (spec 2): billing from the default billing address
 * (else the first saved one) with the account's names, phone and e-mail where the address has none;
 * shipping from the default shipping address, shown apart (same-as-billing unticked) when it is
 * another address than billing's; the e-mail locked when the account has one.
 */
export function prefillFromAccount(account: SignedInAccount): CheckoutPrefill {
  const { user, customer } = account;
  const addresses = customer.addresses ?? [];
  const billing = defaultAddress(addresses, customer.defaultBilling, 'isDefaultBilling') ?? addresses[0];
  const shipping = defaultAddress(addresses, customer.defaultShipping, 'isDefaultShipping');
  const values: Record<string, unknown> = {
    ...groupValues('billing', account, billing),
    // the shipping group holds the account's e-mail too: it is locked there as well
    ...groupValues('shipping', account, shipping),
  };
  if (shipping && shipping.id !== billing?.id) values.same_as_billing = false;
  return {
    values: values as Partial<CheckoutFormValues>,
    ...(customer.id ? { customerId: customer.id } : {}),
    lockEmail: user.email.trim() !== '',
  };
}

/**
 * Signed-in checkout. The session cookie is httpOnly and the server's render does not carry it, so
 * the server's HTML (and the hydrating render) is the guest's form; after hydration, when the CSRF
 * cookie says a session exists, the account is read (GET /api/my-account/me) and its details returned
 * for the form to apply (CheckoutForm: only to fields the shopper has not typed in). No cookie, a 401
 * (the session ended) or any failure: null, the guest checkout as it is.
 */
export function useCheckoutPrefill(): CheckoutPrefill | null {
  const [prefill, setPrefill] = useState<CheckoutPrefill | null>(null);
  useEffect(() => {
    if (!readCookie(document.cookie, CSRF_COOKIE)) return;
    const controller = new AbortController();
    call(accountApi.me, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted || !answer.ok || answer.data?.success !== true || !answer.data.data?.user || !answer.data.data.customer) return;
        setPrefill(prefillFromAccount(answer.data.data));
      },
      // unreachable or aborted: a guest's checkout
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return prefill;
}
