import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ACCOUNT_PATHS, CSRF_HEADER } from '@storefront/contracts';
import { installFakeFetch, LocationProbe } from '@storefront/ui/testing';
import { bodyOf, listenForSessionChanges, renderRoute, setCookie } from '../test-support/account-harness.js';
import LoginPage from './LoginPage.js';

const SIGN_IN_URL = '/api/my-account/login';
const signedIn = { success: true, data: { customerId: 'cust-1', user: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phone: '' } } };

function renderLogin(entry = '/login') {
  return renderRoute(entry, ACCOUNT_PATHS.login, <LoginPage />);
}

async function signInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

let session: ReturnType<typeof listenForSessionChanges>;
beforeEach(() => {
  session = listenForSessionChanges();
});
afterEach(() => {
  session.stop();
  setCookie('sf_csrf', undefined);
});

describe('/login', () => {
  it('has Email, Password, Sign In, and the links to reset a password and to create an account', () => {
    installFakeFetch({});
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Sign in to your account' });
    expect(form).not.toHaveAttribute('action');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('asks for both fields before calling the API', async () => {
    const fetchMock = installFakeFetch({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for wrong credentials, and stays", async () => {
    installFakeFetch({ [SIGN_IN_URL]: { status: 401, body: { success: false, message: 'Invalid email or password.' } } });
    renderLogin();
    await signInAs('ann@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(session.count()).toBe(0);
  });

  it("shows the server's message when sign-in is throttled (429)", async () => {
    installFakeFetch({ [SIGN_IN_URL]: { status: 429, body: { message: 'Too many sign-in attempts. Please wait 60 seconds and try again.' } } });
    renderLogin();
    await signInAs('ann@example.com', 'whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please wait 60 seconds and try again.');
  });

  it('says so when the server cannot be reached', async () => {
    installFakeFetch({ [SIGN_IN_URL]: { networkError: true } });
    renderLogin();
    await signInAs('ann@example.com', 'whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server. Check your connection and try again.');
  });

  it('signs in: sends the e-mail and password, tells the header, and goes to ?returnTo=', async () => {
    setCookie('sf_csrf', 'csrf-1');
    const fetchMock = installFakeFetch({ [SIGN_IN_URL]: { body: signedIn } });
    renderLogin('/login?returnTo=/checkout');
    await signInAs('Ann@Example.com ', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout$/));
    expect(session.count()).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(SIGN_IN_URL);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe('csrf-1');
    expect(bodyOf(init)).toEqual({ email: 'ann@example.com', password: 'correct horse' });
  });

  it('never follows a returnTo off this site, and goes to My Account without one', async () => {
    installFakeFetch({ [SIGN_IN_URL]: { body: signedIn } });
    const offSite = renderLogin('/login?returnTo=//evil.example/steal');
    await signInAs('ann@example.com', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-account$/));
    offSite.unmount();
    renderLogin('/login');
    await signInAs('ann@example.com', 'correct horse');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-account$/));
  });
});

describe('/login before hydration', () => {
  function App() {
    return (
      <MemoryRouter initialEntries={['/login?returnTo=/my-account/addresses']}>
        <Routes>
          <Route path={ACCOUNT_PATHS.login} element={<LoginPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    );
  }

  it("keeps what was typed into the server's form, and the replayed Sign In sends it", async () => {
    const fetchMock = installFakeFetch({ [SIGN_IN_URL]: { body: signedIn } });
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<App />);
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    // the server's form: fields with names, a submit button, no action (the early-events replay re-submits it)
    expect(container.querySelector('form')?.hasAttribute('action')).toBe(false);
    email.value = 'ann@example.com';
    password.value = 'typed early';
    await act(async () => {
      hydrateRoot(container, <App />);
    });
    expect(email.value).toBe('ann@example.com');
    expect(password.value).toBe('typed early');
    // what the shell's replay does once the page is live
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    await waitFor(() => expect(container.querySelector('[data-testid="location"]')?.textContent).toBe('/my-account/addresses'));
    expect(bodyOf((fetchMock.mock.calls[0] as [string, RequestInit])[1])).toEqual({ email: 'ann@example.com', password: 'typed early' });
    container.remove();
  });
});
