import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_PATHS, adminApi, adminRoutes, apiUrl } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { answerOf, meRoute, refusalOf, renderScreen, requestsOf, staffMe } from '../shared/test-support/admin-screen-harness';
import AccountPage from './AccountPage';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const me = staffMe({ role: 'sales', name: 'Ann Lee', email: 'ann@example.com', recoveryCodesLeft: 2 });
const CODES = apiUrl(adminApi.newRecoveryCodes);
const EVERYWHERE = apiUrl(adminApi.signOutEverywhere);
const newCodes = ['ABCD-EFGH-JKLM-NPQR', 'STUV-WXYZ-2345-6789', 'AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH', 'JJJJ-KKKK-LLLL-MMMM', 'NNNN-PPPP-QQQQ-RRRR', 'SSSS-TTTT-UUUU-VVVV', 'WWWW-XXXX-YYYY-ZZZZ', '2222-3333-4444-5555', '6666-7777-8888-9999'];

function renderAccount() {
  return renderScreen(ADMIN_PATHS.account, ADMIN_PATHS.account, <AccountPage />);
}

describe('AccountPage', () => {
  it('shows who you are: name, e-mail, role, two-factor, recovery codes left and when the session ends', async () => {
    installFakeFetch(meRoute(me));
    renderAccount();
    const facts = await screen.findByRole('heading', { name: 'Who you are' });
    const list = facts.parentElement!.querySelector('dl')!;
    expect(list).toHaveTextContent('NameAnn Lee');
    expect(list).toHaveTextContent('E-mailann@example.com');
    expect(list).toHaveTextContent('RoleSales:');
    expect(list).toHaveTextContent('Two-factor sign-inOn');
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('2 — make new ones before you run out');
    expect(list.querySelector('time')).toHaveAttribute('dateTime', me.sessionExpiresAt);
    expect(list).toHaveTextContent('12 hours after you signed in');
  });

  it('makes new recovery codes only after the confirm step, and shows them once with a copy-all button', async () => {
    const fetch = installFakeFetch({ ...meRoute(me), [CODES]: answerOf(adminRoutes.newRecoveryCodes, { recoveryCodes: newCodes }) });
    const user = userEvent.setup();
    renderAccount();
    const opener = await screen.findByRole('button', { name: 'New recovery codes' });

    // Cancel sends nothing and gives focus back
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Replace your recovery codes?' });
    expect(dialog).toHaveTextContent('Your current recovery codes stop working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(requestsOf(fetch).map((call) => call.request)).toEqual([`GET ${apiUrl(adminApi.me)}`]);

    await user.click(opener);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make new codes' }));
    const heading = await screen.findByRole('heading', { name: 'Your new recovery codes' });
    expect(heading).toHaveFocus();
    expect(requestsOf(fetch).at(-1)).toEqual({ request: `POST ${CODES}`, body: undefined });
    const codes = screen.getByRole('list', { name: 'New recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(newCodes);
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent(/^10$/);

    await user.click(screen.getByRole('button', { name: 'Copy all codes' }));
    await waitFor(() => expect(screen.getByText('Copied')).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(newCodes.join('\n'));

    // put away, never shown again
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'New recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toHaveFocus();
  });

  it("keeps the confirm step open with the server's message when new codes are refused", async () => {
    installFakeFetch({ ...meRoute(me), [CODES]: refusalOf(503, 'Service unavailable') });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.queryByRole('list', { name: 'New recovery codes' })).not.toBeInTheDocument();
  });

  it('signs out everywhere after the confirm step and goes to the sign-in page', async () => {
    const fetch = installFakeFetch({ ...meRoute(me), [EVERYWHERE]: answerOf(adminRoutes.signOutEverywhere, { me: { ...me, sessionExpiresAt: null } }) });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${ADMIN_PATHS.signIn}$`)));
    expect(screen.getByText('The sign-in page')).toBeInTheDocument();
    expect(requestsOf(fetch).at(-1)).toEqual({ request: `POST ${EVERYWHERE}`, body: undefined });
  });

  it('has no recovery codes to replace without two-factor sign-in', async () => {
    installFakeFetch(meRoute({ ...me, twoFactor: false, recoveryCodesLeft: 0 }));
    renderAccount();
    expect(await screen.findByText(/Off: ask a manager for a new setup link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
  });

  it('tells an API key that it is a key, with none of the actions', async () => {
    installFakeFetch(meRoute(staffMe({ kind: 'api-key', id: 'key-1', name: 'zapier', email: null, twoFactor: false, recoveryCodesLeft: 0, sessionExpiresAt: null })));
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'You are using an API key' })).toBeInTheDocument();
    expect(screen.getByText('zapier', { selector: 'strong' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Who you are')).not.toBeInTheDocument();
  });
});
