import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_CHANGED_EVENT, type FormDefinition } from '@storefront/contracts';
import { AlertsProvider } from '@storefront/ui';
import { installFakeFetch, LocationProbe } from '@storefront/ui/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import FormBlock from '../form-block/FormBlock.js';
import { savedFormDataKey } from './saved-form-data.js';

/** The /register form as content/forms/registration.json has it, cut to the fields these tests type. */
const registration: FormDefinition = {
  name: 'registration',
  title: 'Create an Account',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true, minLength: 2, maxLength: 50 },
    { name: 'email', type: 'email', label: 'Email', required: true, maxLength: 254 },
    { name: 'password', type: 'password', label: 'Password', required: true, minLength: 8, maxLength: 128 },
  ],
  buttons: { submit: 'Create Account' },
  messages: { success: '<p>Thank you for <strong>registering</strong>!</p>' },
  metadata: { source: 'register-page' },
  actions: { submit: 'account-registration' },
};

const FORM_URL = '/api/content/forms/registration';
const REGISTER_URL = '/api/my-account/register';

jest.setTimeout(20000);

beforeEach(() => sessionStorage.clear());

function renderRegisterPage() {
  return render(
    <AlertsProvider>
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<FormBlock block={{ id: 'register', type: 'form', formName: 'registration' }} />} />
          <Route path="/my-account" element={<h1>My Account page</h1>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AlertsProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^First Name/), 'Ann');
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
}

describe('the registration form (actions.submit "account-registration")', () => {
  it('registers with the account service, tells the page the session changed, keeps the message on screen and opens My Account', async () => {
    const fetchMock = installFakeFetch({
      [FORM_URL]: { body: registration },
      [REGISTER_URL]: { status: 201, body: { success: true, data: { customerId: 'c-1', user: { email: 'ann@example.com', firstName: 'Ann', lastName: '', phone: '' } } } },
    });
    const sessionChanged = jest.fn();
    window.addEventListener(SESSION_CHANGED_EVENT, sessionChanged);
    const user = userEvent.setup({ delay: null });
    renderRegisterPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'My Account page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-account$/);
    expect(sessionChanged).toHaveBeenCalledTimes(1);
    // the configured message, as words: it outlives the register page as the site's alert
    expect(screen.getByText('Thank you for registering!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([FORM_URL, REGISTER_URL]);
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': expect.any(String) });
    expect(JSON.parse(String(init.body))).toMatchObject({ name: 'registration', formData: { firstName: 'Ann', email: 'ann@example.com', password: 'correct horse battery' } });
    window.removeEventListener(SESSION_CHANGED_EVENT, sessionChanged);
  });

  it("shows the server's field error on its field and stays on the page", async () => {
    const taken = 'An account with this email already exists. Please sign in or reset your password.';
    installFakeFetch({
      [FORM_URL]: { body: registration },
      [REGISTER_URL]: { status: 400, body: { success: false, message: 'Please correct the highlighted fields.', errors: { email: taken } } },
    });
    const sessionChanged = jest.fn();
    window.addEventListener(SESSION_CHANGED_EVENT, sessionChanged);
    const user = userEvent.setup({ delay: null });
    renderRegisterPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(taken);
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/register$/);
    expect(sessionChanged).not.toHaveBeenCalled();
    window.removeEventListener(SESSION_CHANGED_EVENT, sessionChanged);
  });

  it('never keeps the password in sessionStorage (saved form data)', async () => {
    installFakeFetch({ [FORM_URL]: { body: registration } });
    const user = userEvent.setup({ delay: null });
    renderRegisterPage();
    await fill(user);
    const saved = sessionStorage.getItem(savedFormDataKey('registration'));
    expect(saved).toContain('ann@example.com');
    expect(saved).not.toContain('correct horse battery');
    expect(JSON.parse(saved ?? '{}')).not.toHaveProperty('password');
  });
});
