import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition, FormField } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { DynamicForm } from './DynamicForm.js';

jest.setTimeout(20000);

function form(...fields: FormField[]): FormDefinition {
  return { name: 'test', fields, buttons: { submit: 'Send' } };
}

function sentFormData(fetchMock: jest.Mock): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/forms/test') as [string, RequestInit] | undefined;
  if (!call) throw new Error('nothing was sent');
  return (JSON.parse(String(call[1].body)) as { formData: Record<string, unknown> }).formData;
}

const ok = { status: 201, body: { success: true, message: 'ok', data: { id: 's1' } } };

describe('hideWhen', () => {
  const definition = form(
    {
      name: 'businessType',
      type: 'radio',
      label: 'Your Business',
      layout: 'button',
      options: [
        { label: 'Contractor', value: 'contractor' },
        { label: 'Other', value: 'other' },
      ],
    },
    { name: 'businessTypeOther', type: 'text', label: 'Tell us what you do', required: true, hideWhen: { field: 'businessType', equals: ['contractor', ''] } },
    {
      name: 'bestTime',
      type: 'select',
      label: 'Best time',
      options: [
        { label: 'Morning', value: 'morning' },
        { label: 'Evening', value: 'evening', hideWhen: { field: 'businessType', equals: 'contractor' } },
      ],
    },
  );

  it('shows a field while its condition does not match, and clears what was typed when it hides', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/test': ok });
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={definition} />);
    expect(screen.queryByLabelText(/Tell us what you do/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText(/Tell us what you do/), 'Cabinet maker');
    await user.click(screen.getByRole('radio', { name: 'Contractor' }));
    expect(screen.queryByLabelText(/Tell us what you do/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByLabelText(/Tell us what you do/)).toHaveValue('');

    // hidden again: not required, not sent
    await user.click(screen.getByRole('radio', { name: 'Contractor' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentFormData(fetchMock)).not.toHaveProperty('businessTypeOther');
  });

  it('drops an option whose condition matches and clears it when it was chosen', async () => {
    installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={definition} />);
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    const select = screen.getByRole('combobox', { name: 'Best time' });
    await user.selectOptions(select, 'evening');
    expect(select).toHaveValue('evening');

    await user.click(screen.getByRole('radio', { name: 'Contractor' }));
    expect(within(select).queryByRole('option', { name: 'Evening' })).toBeNull();
    expect(select).toHaveValue('');
  });
});

describe('dynamic location options', () => {
  const definition = form(
    { name: 'country', type: 'select', label: 'Country', placeholder: 'Select a country', dynamicOptions: 'countries', filter: ['US', 'CA'], value: 'US' },
    { name: 'state', type: 'select', label: 'State', placeholder: 'Select a state', dynamicOptions: 'states', dependsOn: 'country', isDropdownSearchable: true },
    { name: 'city', type: 'select', label: 'City', placeholder: 'Select a city', dynamicOptions: 'cities', dependsOn: 'state', isDropdownSearchable: true },
  );
  const routes = {
    '/api/content/locations/countries': {
      body: [
        { value: 'CA', label: 'Canada' },
        { value: 'FR', label: 'France' },
        { value: 'US', label: 'United States' },
      ],
    },
    '/api/content/locations/countries/US/states': {
      body: [
        { value: 'NJ', label: 'New Jersey' },
        { value: 'NY', label: 'New York' },
      ],
    },
    '/api/content/locations/countries/CA/states': { body: [{ value: 'ON', label: 'Ontario' }] },
    '/api/content/locations/countries/US/states/NJ/cities': {
      body: [
        { value: 'Newark', label: 'Newark' },
        { value: 'Princeton', label: 'Princeton' },
      ],
    },
  };

  it('loads countries (narrowed by filter), then the chosen country states, then the chosen state cities', async () => {
    const fetchMock = installFakeFetch(routes);
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={definition} />);

    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a country', 'Canada', 'United States']));
    expect(country).toHaveValue('US');
    // the city waits for a state: no request yet
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/content/locations/countries/US/states/NJ/cities');

    const state = screen.getByRole('combobox', { name: 'State' });
    await waitFor(() => expect(state).toBeEnabled());
    await user.type(state, 'new j');
    await user.keyboard('{Enter}');
    expect(state).toHaveValue('New Jersey');

    const city = screen.getByRole('combobox', { name: 'City' });
    await waitFor(() => expect(city).toBeEnabled());
    await user.type(city, 'Prin');
    await user.click(screen.getByRole('option', { name: 'Princeton' }));
    expect(city).toHaveValue('Princeton');

    // dependsOn: a new country clears the state, which clears the city
    await user.selectOptions(country, 'CA');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('');
  });

  it('says "Loading..." in the select while a list loads and offers Retry when it fails', async () => {
    let countries: (() => void) | undefined;
    const answers: { status?: number; body?: unknown }[] = [{ status: 503, body: { message: 'down' } }, routes['/api/content/locations/countries']];
    globalThis.fetch = jest.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          const answer: { status?: number; body?: unknown } | undefined = String(url).endsWith('/countries') ? answers.shift() : { status: 404 };
          countries = () => resolve({ ok: (answer?.status ?? 200) < 300, status: answer?.status ?? 200, json: async () => answer?.body } as Response);
        }),
    ) as unknown as typeof fetch;
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={form(definition.fields[0]!)} />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeDisabled();
    expect(screen.getByRole('option')).toHaveTextContent('Loading...');

    countries?.();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription(/Could not load the list/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(countries).toBeDefined());
    countries?.();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeEnabled());
  });
});

describe('groups', () => {
  const definition = form({
    name: 'address',
    type: 'group',
    label: 'Address',
    fields: [
      { name: 'street', type: 'text', label: 'Street', required: true },
      { name: 'email', type: 'email', label: 'Billing Email', required: true },
    ],
  });

  it('draws its sub-fields in a fieldset, applies their rules and sends them nested', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/test': ok });
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={definition} />);
    const group = screen.getByRole('group', { name: 'Address' });
    await user.type(within(group).getByLabelText(/Billing Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(group).getByLabelText(/Street/)).toHaveAccessibleDescription('This field is required');
    expect(within(group).getByLabelText(/Billing Email/)).toHaveAccessibleDescription('Invalid email address');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(within(group).getByLabelText(/Street/), '1 Main St');
    await user.clear(within(group).getByLabelText(/Billing Email/));
    await user.type(within(group).getByLabelText(/Billing Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentFormData(fetchMock)).toEqual({ address: { street: '1 Main St', email: 'ann@example.com' } });
  });
});

describe('files', () => {
  it('sends multipart form data with one part per file and the Idempotency-Key header', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/test': ok });
    const user = userEvent.setup({ delay: null });
    const { container } = render(
      <DynamicForm
        definition={form(
          { name: 'orderNumber', type: 'text', label: 'Order Number', required: true },
          { name: 'photos', type: 'file', label: 'Photos', required: true, fileTypes: ['image/jpeg', 'png'], maxFiles: 2 },
        )}
      />,
    );
    await user.type(screen.getByLabelText(/Order Number/), 'HW-1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: /Photos/ })).toHaveAccessibleDescription(/At least one file is required/);

    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [new File(['a'], 'box.jpg', { type: 'image/jpeg' }), new File(['b'], 'side.png', { type: 'image/png' })]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(String(body.get('formData')))).toEqual({ orderNumber: 'HW-1' });
    expect(body.getAll('photos').map((file) => (file as File).name)).toEqual(['box.jpg', 'side.png']);
    const headers = init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('shows a file\'s own error (too large) on the field and sends nothing', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/test': ok });
    const user = userEvent.setup({ delay: null });
    const { container } = render(<DynamicForm definition={form({ name: 'photos', type: 'file', label: 'Photos', fileTypes: ['image/jpeg'], maxFileSize: 1 })} />);

    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [new File(['a'], 'ok.jpg', { type: 'image/jpeg' }), new File([new Uint8Array(1048577)], 'huge.jpg', { type: 'image/jpeg' })]);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('File is too large, maximum allowed size is 1MB')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
