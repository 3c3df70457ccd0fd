import { useMemo, useRef } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  CHECKOUT_LOCATIONS_URL,
  CSRF_COOKIE,
  accountAddressEditPath,
  accountApi,
  call,
  newIdempotencyKey,
  statusMessage,
  type AccountAddress,
  type AccountAddressInput,
  type CheckoutLocations,
} from '@storefront/contracts';
import { Alert, EmptyState, ErrorState, Link, LoadingState, PageContainer, useNavigate, useParams, usePageData, useRequestCookie } from '@storefront/ui';
import { FieldGrid } from '@storefront/ui/fields';
import { addressTextValues, countryChoices, stateChoices, useValuesTypedBeforeHydration, type AddressTextValues } from '@storefront/ui/form';
import { lazyResolver, usePreloadOnFirstInput } from '../../shared/lazy-resolver.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { loginPathFor, needsSignIn, useBrowserCall } from '../shared/browser-call.js';
import { accountError, useAccountSubmit } from '../shared/use-account-submit.js';
import { FormCheckbox, FormSelect, FormTextInput } from '@storefront/ui/form';
import type { AccountNoticeState } from '../shared/notice.js';
import { useSignInRedirect } from '../shared/sign-in-redirect.js';
import { AccountForm } from '../shared/AccountForm.js';
import '../shared/account.css';

/** Saved addresses are in the United States only (the checkout ships there). */
const ADDRESS_COUNTRY = 'US';

export interface AddressFormValues extends AddressTextValues {
  company: string;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}

const FORM_FIELDS = ['firstName', 'lastName', 'company', 'phoneNumber', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'isDefaultShipping', 'isDefaultBilling'] as const;

const EMPTY_ADDRESS: AddressFormValues = { ...addressTextValues({ countryId: ADDRESS_COUNTRY }), company: '', isDefaultShipping: false, isDefaultBilling: false };

/** The checkout's address rules and messages (validateAccountAddress), fetched with the first check: see lazy-resolver.ts. */
const addressResolver = lazyResolver<AddressFormValues>(() =>
  import('../shared/address-form-resolver.js').then(({ addressFormResolver }) => addressFormResolver<AddressFormValues>()),
);

function valuesOf(address: AccountAddress): AddressFormValues {
  return {
    ...addressTextValues(address),
    countryId: address.countryId || ADDRESS_COUNTRY,
    company: address.company,
    isDefaultShipping: address.isDefaultShipping,
    isDefaultBilling: address.isDefaultBilling,
  };
}

/** What the API takes: the typed text trimmed, the flags as ticked. */
export function addressRequestOf(values: AddressFormValues): AccountAddressInput {
  const text = (value: string) => value.trim();
  return {
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    company: text(values.company),
    phoneNumber: text(values.phoneNumber),
    street1: text(values.street1),
    street2: text(values.street2),
    city: text(values.city),
    state: text(values.state),
    zipCode: text(values.zipCode),
    countryId: text(values.countryId) || ADDRESS_COUNTRY,
    isDefaultShipping: values.isDefaultShipping === true,
    isDefaultBilling: values.isDefaultBilling === true,
  };
}

/**
 * The address form: /my-account/address/new and /my-account/addresses/add add an address,
 * /my-account/address/edit/:id changes one (read from the customer's list in the browser; an id that
 * is not theirs reads 'Address not found.'). The checkout's address rules and messages on the client,
 * the server's field errors beside their fields; saved, it goes back to the list. The state list is
 * the checkout's page data (GET /api/order/checkout-locations).
 */
export default function AddressFormPage() {
  const { id } = useParams();
  const locations = usePageData<CheckoutLocations>(CHECKOUT_LOCATIONS_URL);
  const title = id ? 'Edit Address' : 'Add New Address';

  let body;
  if (locations.status === 'error' || locations.status === 'not-found') {
    body = <ErrorState title="The address form could not be loaded" message={locations.error ?? 'Please try again.'} onRetry={locations.reload} />;
  } else if (locations.status !== 'ready' || !locations.data) {
    body = <LoadingState label="Loading the address form…" />;
  } else if (id) {
    body = <EditAddress id={id} locations={locations.data} />;
  } else {
    body = <AddAddress locations={locations.data} />;
  }
  return (
    <PageContainer title={title}>
      <div className="sf-account">
        <p className="sf-account-back">
          <Link to={ACCOUNT_PATHS.addresses}>{T.backToAddresses}</Link>
        </p>
        {body}
      </div>
    </PageContainer>
  );
}

/**
 * A new address needs no account data, so the server can draw the form; the CSRF cookie (readable,
 * present with a session) says whether there is a session to save it to. Without it the visitor
 * goes to sign in first, rather than after filling the form.
 */
function AddAddress({ locations }: { locations: CheckoutLocations }) {
  const sessionHint = useRequestCookie(CSRF_COOKIE) !== undefined;
  useSignInRedirect(!sessionHint, ACCOUNT_PATHS.addressNew);
  if (!sessionHint) return <LoadingState label="Loading the address form…" />;
  return <AddressForm locations={locations} initial={EMPTY_ADDRESS} returnPath={ACCOUNT_PATHS.addressNew} />;
}

function EditAddress({ id, locations }: { id: string; locations: CheckoutLocations }) {
  const list = useBrowserCall((signal) => call(accountApi.addresses, { signal }), `addresses:${id}`);
  const returnPath = accountAddressEditPath(id);
  useSignInRedirect(needsSignIn(list), returnPath);
  if (list.status === 'failed' && !needsSignIn(list)) {
    return <ErrorState title="Your address could not be loaded" message={list.message} onRetry={list.reload} />;
  }
  if (list.status !== 'ready') return <LoadingState label="Loading your address…" />;
  const address = list.data.data.find((entry) => entry.id === id);
  if (!address) {
    return <EmptyState title={ACCOUNT_MESSAGES.addressNotFound} action={<Link to={ACCOUNT_PATHS.addresses}>{T.backToAddresses}</Link>} />;
  }
  return <AddressForm key={address.id} locations={locations} initial={valuesOf(address)} addressId={address.id} returnPath={returnPath} />;
}

interface AddressFormProps {
  locations: CheckoutLocations;
  initial: AddressFormValues;
  /** the address being changed; none for a new one */
  addressId?: string;
  /** where sign-in brings the visitor back to, if the session ended meanwhile */
  returnPath: string;
}

function isFormField(name: string): name is FieldPath<AddressFormValues> {
  return (FORM_FIELDS as readonly string[]).includes(name);
}

function AddressForm({ locations, initial, addressId, returnPath }: AddressFormProps) {
  const navigate = useNavigate();
  // one Idempotency-Key per body: a re-send of the same address is the same write
  const lastWrite = useRef<{ body: string; key: string } | null>(null);
  usePreloadOnFirstInput(addressResolver);
  const form = useForm<AddressFormValues>({ resolver: addressResolver, defaultValues: initial, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);

  const countries = useMemo(() => {
    const listed = locations.countries.filter((country) => country.code === ADDRESS_COUNTRY);
    return countryChoices(listed.length > 0 ? listed : [{ code: ADDRESS_COUNTRY, name: 'United States' }]);
  }, [locations.countries]);
  const states = useMemo(() => stateChoices(locations.states, ADDRESS_COUNTRY), [locations.states]);

  const { submitting, message, submit, onSubmit } = useAccountSubmit(async (values: AddressFormValues) => {
    const body = addressRequestOf(values);
    let answer;
    if (addressId) {
      answer = await call(accountApi.updateAddress, { params: { id: addressId }, body });
    } else {
      const text = JSON.stringify(body);
      if (lastWrite.current?.body !== text) lastWrite.current = { body: text, key: newIdempotencyKey() };
      answer = await call(accountApi.createAddress, { body, idempotencyKey: lastWrite.current.key });
    }
    if (answer.ok) {
      const state: AccountNoticeState = { notice: ACCOUNT_MESSAGES.addressSaved };
      navigate(ACCOUNT_PATHS.addresses, { state });
      return null;
    }
    if (answer.status === 401) {
      navigate(loginPathFor(returnPath), { replace: true });
      return null;
    }
    const fieldErrors = Object.entries(answer.error.errors ?? {});
    let focused = false;
    for (const [name, fieldMessage] of fieldErrors) {
      if (!isFormField(name)) continue;
      form.setError(name, { type: 'server', message: fieldMessage }, { shouldFocus: !focused });
      focused = true;
    }
    return accountError(answer.status === 404 ? ACCOUNT_MESSAGES.addressNotFound : (answer.error.message ?? statusMessage(answer.status)));
  }, accountError);

  const id = 'account-address';
  return (
    <AccountForm
      label={addressId ? 'Edit address' : 'New address'}
      className="sf-account-address-form"
      onSubmit={onSubmit(form.handleSubmit(submit))}
      alert={message && <Alert type={message.type}>{message.text}</Alert>}
      submitting={submitting}
      submitText={T.saveAddress}
      busyText={T.saving}
      actions={
        <Link className="sf-button sf-button--secondary" to={ACCOUNT_PATHS.addresses}>
            {T.cancel}
          </Link>
      }
    >
      <FieldGrid>
        <FormTextInput control={form.control} name="firstName" idPrefix={id} label="First Name" required autoComplete="given-name" />
        <FormTextInput control={form.control} name="lastName" idPrefix={id} label="Last Name" required autoComplete="family-name" />
        <FormTextInput control={form.control} name="company" idPrefix={id} label="Company" autoComplete="organization" hint="Optional" />
        <FormTextInput control={form.control} name="phoneNumber" idPrefix={id} label="Phone" type="tel" inputMode="tel" required autoComplete="tel" />
        <FormTextInput control={form.control} name="street1" idPrefix={id} label="Address 1" required autoComplete="address-line1" className="sf-field-grid__item--wide" />
        <FormTextInput control={form.control} name="street2" idPrefix={id} label="Address 2" autoComplete="address-line2" hint="Optional" className="sf-field-grid__item--wide" />
        <FormTextInput control={form.control} name="city" idPrefix={id} label="City" required autoComplete="address-level2" />
        <FormSelect control={form.control} name="state" idPrefix={id} label="State" required placeholder="Select a state" options={states} autoComplete="address-level1" />
        <FormTextInput control={form.control} name="zipCode" idPrefix={id} label="ZIP" required inputMode="numeric" autoComplete="postal-code" />
        <FormSelect control={form.control} name="countryId" idPrefix={id} label="Country" required options={countries} autoComplete="country" />
      </FieldGrid>
      <fieldset className="sf-account-form__defaults">
        <legend className="sf-visually-hidden">Defaults</legend>
        <FormCheckbox control={form.control} name="isDefaultShipping" idPrefix={id} label="Use as default shipping address" />
        <FormCheckbox control={form.control} name="isDefaultBilling" idPrefix={id} label="Use as default billing address" />
      </fieldset>
    </AccountForm>
  );
}
