import { checkoutFormFieldName, type CheckoutAddressField } from '@storefront/commerce-rules';
import type { AddressType, CheckoutLocations } from '@storefront/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { countryChoices, stateChoices } from '@storefront/ui/form';
import { FieldGroup, SelectField, TextField } from '../../shared/fields.js';

export interface AddressFieldsetProps {
  type: AddressType;
  legend: string;
  locations: CheckoutLocations;
  /**
   * e-mail is the signed-in customer's own (spec 2: disabled then). Read-only rather than disabled:
   * react-hook-form leaves a disabled input's value out of what it submits, and the order needs it.
   */
  lockEmail?: boolean;
  /** after the country select changed (billing: the same-as-billing rule) */
  onCountryChange?: (country: string) => void;
}

const AUTOCOMPLETE: Record<CheckoutAddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phoneNumber: 'tel',
  street1: 'address-line1',
  street2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  countryId: 'country',
};

/** One address group (billing or shipping): a fieldset with its legend and the spec's ten fields. */
export function AddressFieldset({ type, legend, locations, lockEmail, onCountryChange }: AddressFieldsetProps) {
  const name = (field: CheckoutAddressField) => checkoutFormFieldName(type, field);
  const section = type === 'billing' ? 'billing' : 'shipping';
  const auto = (field: CheckoutAddressField) => `section-${section} ${section} ${AUTOCOMPLETE[field]}`;
  const { setValue } = useFormContext();
  const country = useWatch({ name: name('countryId') }) as string;
  const states = stateChoices(locations.states, country);

  return (
    <FieldGroup legend={legend} className={`sf-checkout-address sf-checkout-address--${type}`}>
      <div className="sf-field-grid">
        <TextField name={name('firstName')} label="First name" required autoComplete={auto('firstName')} />
        <TextField name={name('lastName')} label="Last name" required autoComplete={auto('lastName')} />
        <TextField name={name('email')} label="Email" type="email" required autoComplete={auto('email')} readOnly={lockEmail || undefined} aria-readonly={lockEmail || undefined} />
        <TextField name={name('phoneNumber')} label="Phone" type="tel" required autoComplete={auto('phoneNumber')} inputMode="tel" />
        <TextField name={name('street1')} label="Address line 1" required autoComplete={auto('street1')} className="sf-field-grid__item--wide" />
        <TextField name={name('street2')} label="Address line 2 (optional)" autoComplete={auto('street2')} className="sf-field-grid__item--wide" />
        <TextField name={name('city')} label="City" required autoComplete={auto('city')} />
        <SelectField
          name={name('countryId')}
          label="Country"
          required
          autoComplete={auto('countryId')}
          options={countryChoices(locations.countries)}
          onValueChange={(next) => {
            // A state of the old country means nothing in the new one.
            setValue(name('state'), '');
            onCountryChange?.(next);
          }}
        />
        {states.length > 0 ? (
          <SelectField
            name={name('state')}
            label="State"
            required
            autoComplete={auto('state')}
            placeholder="Select a state"
            options={states}
          />
        ) : (
          <TextField name={name('state')} label="State / Province / Region" required autoComplete={auto('state')} />
        )}
        <TextField name={name('zipCode')} label="ZIP/Postal code" required autoComplete={auto('zipCode')} inputMode="numeric" />
      </div>
    </FieldGroup>
  );
}
