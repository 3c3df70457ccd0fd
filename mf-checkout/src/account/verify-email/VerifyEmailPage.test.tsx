import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { bodyOf, renderRoute } from '../test-support/account-harness.js';
import VerifyEmailPage, { VERIFY_EMAIL_TEXT } from './VerifyEmailPage.js';

const VERIFY = '/api/my-account/email/verify';
const renderPage = (entry: string) => renderRoute(entry, ACCOUNT_PATHS.verifyEmail, <VerifyEmailPage />);

describe('/verify-email', () => {
  it('spends the link only when the button is pressed, then says the address is verified', async () => {
    const fetch = installFakeFetch({ [VERIFY]: { body: { success: true, message: ACCOUNT_MESSAGES.emailVerified } } });
    renderPage('/verify-email?token=abc123');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: VERIFY_EMAIL_TEXT.verify }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailVerified)).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls[0]![1])).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: VERIFY_EMAIL_TEXT.goToAccount })).toHaveAttribute('href', ACCOUNT_PATHS.myAccount);
  });

  it("shows the server's refusal of a used or expired link, with the way to the account page", async () => {
    installFakeFetch({ [VERIFY]: { status: 400, body: { message: ACCOUNT_MESSAGES.verificationLinkInvalid } } });
    renderPage('/verify-email?token=spent');
    await userEvent.click(screen.getByRole('button', { name: VERIFY_EMAIL_TEXT.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.verificationLinkInvalid);
    expect(screen.getByRole('button', { name: VERIFY_EMAIL_TEXT.verify })).toBeInTheDocument();
  });

  it('says the link is invalid without a token, and asks nothing', () => {
    const fetch = installFakeFetch({});
    renderPage('/verify-email');
    expect(screen.getByText(ACCOUNT_MESSAGES.verificationLinkInvalid)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
