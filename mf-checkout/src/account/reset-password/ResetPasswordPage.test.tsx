import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { LocationNotice } from '../shared/notice.js';
import { bodyOf, listenForSessionChanges, renderRoute } from '../test-support/account-harness.js';
import ResetPasswordPage from './ResetPasswordPage.js';

const RESET_URL = '/api/my-account/password/reset';
const signedIn = { success: true, data: { customerId: 'cust-1', user: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phone: '' } } };

function renderAt(entry: string) {
  return renderRoute(entry, ACCOUNT_PATHS.resetPassword, <ResetPasswordPage />, [{ path: ACCOUNT_PATHS.myAccount, element: <LocationNotice /> }]);
}

async function choose(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

let session: ReturnType<typeof listenForSessionChanges>;
beforeEach(() => {
  session = listenForSessionChanges();
});
afterEach(() => session.stop());

describe('/reset-password', () => {
  it('without a token: the link is invalid, with a way to ask for a new one (no form, nothing asked)', () => {
    const fetchMock = installFakeFetch({});
    renderAt('/reset-password');
    expect(screen.getByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match' and asks nothing", async () => {
    const fetchMock = installFakeFetch({});
    renderAt('/reset-password?token=tok-1');
    await choose('new password 1', 'new password 2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('holds a new password to the registration limits', async () => {
    installFakeFetch({});
    renderAt('/reset-password?token=tok-1');
    await choose('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('resets with the token, tells the header, and goes to My Account, which says so', async () => {
    const fetchMock = installFakeFetch({ [RESET_URL]: { body: { ...signedIn, message: ACCOUNT_MESSAGES.passwordChanged } } });
    renderAt('/reset-password?token=tok-1');
    await choose('a new password', 'a new password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-account$/));
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.passwordChanged);
    expect(session.count()).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(RESET_URL);
    expect(bodyOf(init)).toEqual({ token: 'tok-1', password: 'a new password' });
  });

  it('a used or expired link: the server’s message, with a way to ask for a new one', async () => {
    installFakeFetch({ [RESET_URL]: { status: 400, body: { message: ACCOUNT_MESSAGES.resetLinkInvalid } } });
    renderAt('/reset-password?token=used');
    await choose('a new password', 'a new password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password?token=used');
    expect(session.count()).toBe(0);
  });
});
