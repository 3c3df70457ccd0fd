import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { FormSelect, FormTextInput } from './bound-fields.js';
import { useValuesTypedBeforeHydration } from './typed-before-hydration.js';

type Values = { bill_zip: string; bill_country: string };

/** A form as the checkout draws it: fields by register(), a watcher on the zip. */
function AddressForm({ onValues }: { onValues: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { bill_zip: '', bill_country: 'US' } });
  const zip = useWatch({ control: form.control, name: 'bill_zip' });
  useValuesTypedBeforeHydration(form);
  return (
    <FormProvider {...form}>
      <form aria-label="Address" onSubmit={form.handleSubmit(onValues)}>
        <FormTextInput idPrefix="checkout" name="bill_zip" label="ZIP" />
        <FormSelect idPrefix="checkout"
          name="bill_country"
          label="Country"
          options={[
            { value: 'CA', label: 'Canada' },
            { value: 'US', label: 'United States' },
          ]}
        />
        <output>{zip ? `Shipping to ${zip}` : 'No address yet'}</output>
        <button type="submit">Submit</button>
      </form>
    </FormProvider>
  );
}

describe('values typed before hydration', () => {
  it("are the form's after hydration: its watchers hear them, and a submit validates and sends them", async () => {
    const onValues = jest.fn();
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<AddressForm onValues={onValues} />);
    const zip = container.querySelector<HTMLInputElement>('input[name="bill_zip"]')!;
    const country = container.querySelector<HTMLSelectElement>('select[name="bill_country"]')!;
    // the server's HTML starts where the form starts
    expect(country.value).toBe('US');

    // typed while the page is still the server's HTML (no handler yet)
    zip.value = '10118';
    country.value = 'CA';
    await act(async () => {
      hydrateRoot(container, <AddressForm onValues={onValues} />);
    });

    expect(zip.value).toBe('10118');
    expect(country.value).toBe('CA');
    expect(container.querySelector('output')?.textContent).toBe('Shipping to 10118');
    await act(async () => {
      container.querySelector('form')!.requestSubmit();
    });
    expect(onValues).toHaveBeenCalledWith({ bill_zip: '10118', bill_country: 'CA' }, expect.anything());
    container.remove();
  });
});
