import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, type AccountSession } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { bodyOf, listenForSessionChanges, renderRoute } from '../test-support/account-harness.js';
import { ChangePasswordForm, EmailVerificationNotice, SECURITY_TEXT, SessionsList } from './AccountSecurity.js';

const CHANGE = '/api/my-account/password/change';
const SESSIONS = '/api/my-account/sessions';
const RESEND = '/api/my-account/email/verification';

const here: AccountSession = { id: 'sess-1', client: 'Firefox on Linux', createdAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-28T08:00:00.000Z', current: true };
const phone: AccountSession = { id: 'sess-2', client: 'Safari on iPhone', createdAt: '2026-11-21T10:00:00.000Z', lastSeenAt: '2026-11-27T08:00:00.000Z', current: false };

describe('ChangePasswordForm', () => {
  it('checks the fields in the browser before asking the server', async () => {
    const fetch = installFakeFetch({});
    renderRoute('/my-account', '/my-account', <ChangePasswordForm onChanged={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/New password/), 'short');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'other');
    await userEvent.click(screen.getByRole('button', { name: SECURITY_TEXT.changePassword }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, shows the success, clears the form and tells the page', async () => {
    const fetch = installFakeFetch({
      [CHANGE]: { body: { success: true, message: ACCOUNT_MESSAGES.passwordChangedHere, data: { customerId: 'c', user: { email: 'a@b.co', firstName: '', lastName: '', phone: '' } } } },
    });
    const onChanged = jest.fn();
    const events = listenForSessionChanges();
    renderRoute('/my-account', '/my-account', <ChangePasswordForm onChanged={onChanged} />);
    await userEvent.type(screen.getByLabelText(/Current password/), 'correct horse battery');
    await userEvent.type(screen.getByLabelText(/^New password/), 'a fresh walnut cabinet');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'a fresh walnut cabinet');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChangedHere)).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls[0]![1])).toEqual({ currentPassword: 'correct horse battery', newPassword: 'a fresh walnut cabinet' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(events.count()).toBe(0);
    events.stop();
  });

  it("shows the server's refusal on the field it names", async () => {
    installFakeFetch({
      [CHANGE]: { status: 400, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong, errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong } } },
    });
    renderRoute('/my-account', '/my-account', <ChangePasswordForm onChanged={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Current password/), 'wrong one');
    await userEvent.type(screen.getByLabelText(/^New password/), 'a fresh walnut cabinet');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'a fresh walnut cabinet');
    await userEvent.click(screen.getByRole('button', { name: SECURITY_TEXT.changePassword }));
    await waitFor(() => expect(screen.getAllByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toHaveLength(2));
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('SessionsList', () => {
  it('lists the sessions, marks this device, and signs another one out', async () => {
    installFakeFetch({
      [SESSIONS]: { body: { success: true, data: [here, phone] } },
      [`${SESSIONS}/sess-2`]: { body: { success: true, message: ACCOUNT_MESSAGES.sessionEnded } },
    });
    renderRoute('/my-account', '/my-account', <SessionsList onLeaving={() => undefined} />);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/Firefox on Linux/)).toHaveTextContent(`(${SECURITY_TEXT.thisDevice})`);
    // no "Sign out" for the session in use: that is the page's own Sign Out
    expect(within(list).getAllByRole('button', { name: /^Sign out:/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out: Safari on iPhone' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('signs out everywhere and leaves for the home page', async () => {
    installFakeFetch({
      [SESSIONS]: { body: { success: true, data: [here] } },
      '/api/my-account/logout-all': { body: { success: true, message: ACCOUNT_MESSAGES.signedOutEverywhere } },
    });
    const onLeaving = jest.fn();
    const events = listenForSessionChanges();
    renderRoute('/my-account', '/my-account', <SessionsList onLeaving={onLeaving} />);
    await screen.findByRole('list');
    await userEvent.click(screen.getByRole('button', { name: SECURITY_TEXT.signOutEverywhere }));
    await waitFor(() => expect(onLeaving).toHaveBeenCalled());
    expect(events.count()).toBe(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    events.stop();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    installFakeFetch({ [SESSIONS]: { status: 500, body: { message: 'Internal server error' } } });
    renderRoute('/my-account', '/my-account', <SessionsList onLeaving={() => undefined} />);
    expect(await screen.findByText('Your sessions could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});

describe('EmailVerificationNotice', () => {
  it('shows nothing for a verified address', () => {
    installFakeFetch({});
    const { container } = renderRoute('/my-account', '/my-account', <EmailVerificationNotice verified />);
    expect(container).not.toHaveTextContent(SECURITY_TEXT.emailNotVerified);
    expect(container).not.toHaveTextContent(ACCOUNT_MESSAGES.verifyToSeeEarlierRecords);
  });

  it('says the address is not verified and sends the link again, showing the answer or the limit', async () => {
    installFakeFetch({
      [RESEND]: [
        { status: 202, body: { success: true, message: ACCOUNT_MESSAGES.verificationLinkSent } },
        { status: 429, body: { message: ACCOUNT_MESSAGES.tooManyVerificationEmails } },
      ],
    });
    renderRoute('/my-account', '/my-account', <EmailVerificationNotice verified={false} />);
    // and why orders placed with the address before signing up are not listed yet, beside the action
    expect(screen.getByRole('alert')).toHaveTextContent(`${SECURITY_TEXT.emailNotVerified} ${ACCOUNT_MESSAGES.verifyToSeeEarlierRecords}`);
    await userEvent.click(screen.getByRole('button', { name: SECURITY_TEXT.sendLinkAgain }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationLinkSent)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: SECURITY_TEXT.sendLinkAgain }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.tooManyVerificationEmails)).toBeInTheDocument();
  });
});
