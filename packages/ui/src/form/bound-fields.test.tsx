import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { boolean, object, string } from 'yup';
import { FormCheckbox, FormSelect, FormTextInput } from './bound-fields.js';
import { schemaResolver } from './schema-resolver.js';

interface Values {
  email: string;
  country: string;
  isDefault: boolean;
}

const schema = object({
  email: string().required('Email is required.').email('Enter a valid e-mail address.'),
  country: string().required('Choose a country.'),
  isDefault: boolean(),
});

const COUNTRIES = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States' },
];

/** One form by an explicit control, as the account pages bind theirs. */
function AddressForm({ onValues, defaults }: { onValues: (values: Values) => void; defaults: Values }) {
  const form = useForm<Values>({ resolver: schemaResolver<Values>(schema), defaultValues: defaults });
  return (
    <form aria-label="Address" noValidate onSubmit={(event) => void form.handleSubmit(onValues)(event)}>
      <FormTextInput control={form.control} name="email" idPrefix="address" label="Email" type="email" required />
      <FormSelect control={form.control} name="country" idPrefix="address" label="Country" placeholder="Select a country" options={COUNTRIES} required />
      <FormCheckbox control={form.control} name="isDefault" idPrefix="address" label="Use as default address" />
      <button type="submit">Save</button>
    </form>
  );
}

/** The same fields under a FormProvider, as the checkout's nested panels read theirs. */
function ProvidedForm({ onCountry }: { onCountry: (value: string) => void }) {
  const form = useForm<Values>({ defaultValues: { email: '', country: 'US', isDefault: false } });
  return (
    <FormProvider {...form}>
      <FormSelect<Values> name="country" idPrefix="checkout" label="Country" options={COUNTRIES} onValueChange={onCountry} />
    </FormProvider>
  );
}

describe('the kit fields bound to react-hook-form', () => {
  it("shows the schema's messages on their fields, tied to them for screen readers, and submits nothing", async () => {
    const onValues = jest.fn();
    render(<AddressForm onValues={onValues} defaults={{ email: '', country: '', isDefault: false }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('id', 'address-email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Choose a country.');
    expect(onValues).not.toHaveBeenCalled();
  });

  it('submits what was typed, chosen and ticked', async () => {
    const onValues = jest.fn();
    render(<AddressForm onValues={onValues} defaults={{ email: '', country: '', isDefault: false }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use as default address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValues).toHaveBeenCalledWith({ email: 'ann@example.com', country: 'CA', isDefault: true }, expect.anything());
  });

  it("draws the form's default values into the server's HTML", () => {
    const html = renderToString(<AddressForm onValues={jest.fn()} defaults={{ email: 'ann@example.com', country: 'US', isDefault: true }} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector<HTMLInputElement>('#address-email')?.value).toBe('ann@example.com');
    expect(container.querySelector<HTMLSelectElement>('#address-country')?.value).toBe('US');
    expect(container.querySelector<HTMLInputElement>('#address-isDefault')?.checked).toBe(true);
  });

  it('binds to the form in context and tells the page of each change', async () => {
    const onCountry = jest.fn();
    render(<ProvidedForm onCountry={onCountry} />);
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveAttribute('id', 'checkout-country');
    expect(country).toHaveValue('US');
    await userEvent.selectOptions(country, 'CA');
    expect(onCountry).toHaveBeenCalledWith('CA');
  });
});
