import { useMemo } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { CheckoutLocations } from '@storefront/contracts';
import { FieldGrid } from '@storefront/ui/fields';
import { FormSelect, FormTextInput, countryChoices, stateChoices } from '@storefront/ui/form';
import type { QuoteFormValues } from './quote-form-values.js';

export interface AddressFieldsProps {
  index: number;
  legend: string;
  control: Control<QuoteFormValues>;
  setValue: UseFormSetValue<QuoteFormValues>;
  /** the site's countries and states (GET /api/order/checkout-locations), as the checkout offers them */
  locations: CheckoutLocations;
}

/**
 * One address of the quote: the place (street, city, country, then the state from the chosen
 * country's list, or typed where the site has no list), and the name and phone on it, which are the
 * customer's when left empty. A new country clears the state: a state of the old one means nothing.
 */
export function AddressFields({ index, legend, control, setValue, locations }: AddressFieldsProps) {
  const country = useWatch({ control, name: `addresses.${index}.countryId` });
  const countries = useMemo(() => countryChoices(locations.countries), [locations.countries]);
  const states = useMemo(() => stateChoices(locations.states, country), [locations.states, country]);
  const id = 'quote';
  const field = <F extends keyof QuoteFormValues['addresses'][number]>(name: F) => `addresses.${index}.${name}` as const;

  return (
    <fieldset className="bo-quote-fieldset">
      <legend className="bo-quote-fieldset__legend">{legend}</legend>
      <FieldGrid>
        <FormTextInput control={control} name={field('street1')} idPrefix={id} label="Address line 1" required className="sf-field-grid__item--wide" />
        <FormTextInput control={control} name={field('street2')} idPrefix={id} label="Address line 2" hint="Optional" className="sf-field-grid__item--wide" />
        <FormTextInput control={control} name={field('city')} idPrefix={id} label="City" required />
        <FormSelect control={control} name={field('countryId')} idPrefix={id} label="Country" required options={countries} onValueChange={() => setValue(field('state'), '')} />
        {states.length > 0 ? (
          <FormSelect key="state-list" control={control} name={field('state')} idPrefix={id} label="State" required placeholder="Select a state" options={states} />
        ) : (
          <FormTextInput key="state-text" control={control} name={field('state')} idPrefix={id} label="State / Province / Region" required />
        )}
        <FormTextInput control={control} name={field('zipCode')} idPrefix={id} label="ZIP/Postal code" required inputMode="numeric" />
        <FormTextInput control={control} name={field('firstName')} idPrefix={id} label="First name on the address" hint="Empty: the customer's" />
        <FormTextInput control={control} name={field('lastName')} idPrefix={id} label="Last name on the address" hint="Empty: the customer's" />
        <FormTextInput control={control} name={field('phoneNumber')} idPrefix={id} label="Phone on the address" type="tel" inputMode="tel" hint="Empty: the customer's" />
      </FieldGrid>
    </fieldset>
  );
}
