import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { bodyOf, renderRoute } from '../test-support/account-harness.js';
import ForgotPasswordPage from './ForgotPasswordPage.js';

const FORGOT_URL = '/api/my-account/password/forgot';

function renderPage() {
  return renderRoute('/forgot-password', ACCOUNT_PATHS.forgotPassword, <ForgotPasswordPage />);
}

describe('/forgot-password', () => {
  it('asks for the e-mail, then shows the answer the server gives every address alike', async () => {
    const fetchMock = installFakeFetch({ [FORGOT_URL]: { status: 202, body: { success: true, message: ACCOUNT_MESSAGES.resetLinkSent } } });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkSent);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(FORGOT_URL);
    expect(init.method).toBe('POST');
    expect(bodyOf(init)).toEqual({ email: 'ann@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message when it refuses (throttled), and a connection failure in words", async () => {
    installFakeFetch({ [FORGOT_URL]: [{ status: 429, body: { message: 'Too many requests. Please try again later.' } }, { networkError: true }] });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeInTheDocument();
  });

  it('checks the e-mail with the API’s own rule', async () => {
    const fetchMock = installFakeFetch({});
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
