import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import FormBlock from './FormBlock.js';

const newsletter: FormDefinition = {
  name: 'newsletter',
  title: 'Newsletter sign-up',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'firstName', type: 'text', label: 'First Name' },
  ],
  buttons: { submit: 'Subscribe' },
  messages: { success: 'Thank you for subscribing!' },
};

jest.setTimeout(20000);

describe('FormBlock', () => {
  it('loads the named form, sends it and tells the popup it succeeded', async () => {
    const fetchMock = installFakeFetch({
      '/api/content/forms/newsletter': { body: newsletter },
      '/api/forms/newsletter': { status: 201, body: { success: true, message: 'Saved', data: { id: 'n1' } } },
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup({ delay: null });
    render(<FormBlock formName="newsletter" onSuccess={onSuccess} />);

    expect(screen.getByText('Loading the form...')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/forms/newsletter') as [string, RequestInit];
    expect(JSON.parse(String(init.body)).formData).toEqual({ email: 'ann@example.com' });
  });

  it('renders as a page block with its own heading', async () => {
    installFakeFetch({ '/api/content/forms/newsletter': { body: newsletter } });
    render(<FormBlock block={{ id: 'signup', type: 'form', formName: 'newsletter', title: 'Stay in touch' }} position={3} />);
    expect(screen.getByRole('region', { name: 'Stay in touch' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Newsletter sign-up' })).toBeInTheDocument();
  });

  it('says the form is not available when it does not exist, and offers a retry when loading fails', async () => {
    installFakeFetch({ '/api/content/forms/nope': { status: 404, body: { message: 'Not found' } } });
    const { unmount } = render(<FormBlock formName="nope" />);
    expect(await screen.findByText('This form is not available')).toBeInTheDocument();
    unmount();

    installFakeFetch({ '/api/content/forms/newsletter': { status: 500, body: { message: 'Down' } } });
    render(<FormBlock formName="newsletter" />);
    expect(await screen.findByText('The form could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
