import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_PATHS, STAFF_MESSAGES, adminApi, adminRoutes, apiUrl, type StaffMember } from '@storefront/contracts';
import { installFakeFetch, type FakeAnswer } from '@storefront/ui/testing';
import { answerOf, meRoute, refusalOf, renderScreen, requestsOf, staffMe } from '../shared/test-support/admin-screen-harness';
import StaffPage from './StaffPage';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const me = staffMe();

function member(overrides: Partial<StaffMember>): StaffMember {
  return {
    id: 'b0000000-0000-4000-8000-000000000000',
    email: 'someone@example.com',
    name: 'Someone',
    role: 'sales',
    activatedAt: '2026-10-01T09:00:00.000Z',
    disabledAt: null,
    twoFactor: true,
    lastSignInAt: '2026-11-28T16:20:00.000Z',
    createdAt: '2026-10-01T08:00:00.000Z',
    ...overrides,
  };
}

const maria = member({ id: me.id, email: 'maria@example.com', name: 'Maria Chen', role: 'manager' });
const bob = member({ id: 'b0000000-0000-4000-8000-000000000002', email: 'bob@example.com', name: 'Bob Hart', role: 'manager', activatedAt: null, twoFactor: false, lastSignInAt: null });
const ann = member({ id: 'b0000000-0000-4000-8000-000000000001', email: 'ann@example.com', name: 'Ann Lee' });
const cleo = member({ id: 'b0000000-0000-4000-8000-000000000003', email: 'cleo@example.com', name: 'Cleo Park', disabledAt: '2026-11-20T10:00:00.000Z' });

const STAFF = apiUrl(adminApi.listStaff);
const staffUrl = (one: StaffMember) => apiUrl(adminApi.updateStaff, { params: { staffId: one.id } });
const linkUrl = (one: StaffMember) => apiUrl(adminApi.newSetupLink, { params: { staffId: one.id } });
const list = answerOf(adminRoutes.listStaff, { staff: [maria, bob, ann, cleo] });
const updatedTo = (one: StaffMember) => answerOf(adminRoutes.updateStaff, { staff: one });

/** The staff list for a GET, `write` for the screen's writes to the same address. */
function listAnd(write: FakeAnswer): (init?: RequestInit) => FakeAnswer {
  return (init) => (init?.method && init.method !== 'GET' ? write : list);
}

function renderStaff() {
  return renderScreen(ADMIN_PATHS.staff, ADMIN_PATHS.staff, <StaffPage />);
}

const table = () => screen.getByRole('table', { name: 'Staff members, managers first' });
const rowOf = (name: string) => within(table()).getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('StaffPage', () => {
  it('lists each colleague: name, e-mail, role, state and last sign-in, marking you', async () => {
    installFakeFetch({ ...meRoute(me), [STAFF]: list });
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    expect(within(table()).getAllByRole('row')).toHaveLength(5);
    expect(rowOf('Maria Chen')).toHaveTextContent('Maria Chen (you)');
    expect(rowOf('Ann Lee')).toHaveTextContent('ann@example.comSalesActive2FA');
    expect(rowOf('Ann Lee').querySelector('time')).toHaveAttribute('dateTime', '2026-11-28T16:20:00.000Z');
    expect(rowOf('Bob Hart')).toHaveTextContent('ManagerSetup link sentNever');
    expect(rowOf('Cleo Park')).toHaveTextContent('Disabled');
    expect(within(rowOf('Cleo Park')).getByRole('button', { name: 'Enable of Cleo Park' })).toBeInTheDocument();
    expect(within(rowOf('Cleo Park')).queryByRole('button', { name: /New setup link/ })).not.toBeInTheDocument();
    expect(within(rowOf('Maria Chen')).getByRole('button', { name: 'Disable (your own account)' })).toBeInTheDocument();
  });

  it('adds a colleague and shows their setup link once, to copy', async () => {
    const dan = member({ id: 'b0000000-0000-4000-8000-000000000004', email: 'dan@example.com', name: 'Dan Ortiz', role: 'manager', activatedAt: null, twoFactor: false, lastSignInAt: null });
    const link = { path: '/admin/setup?token=abc123', url: 'https://shop.example.com/admin/setup?token=abc123', expiresAt: '2026-11-30T14:05:00.000Z' };
    const fetch = installFakeFetch({ ...meRoute(me), [STAFF]: listAnd(answerOf(adminRoutes.createStaff, { staff: dan, setupLink: link })) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });

    const form = screen.getByRole('form', { name: 'Add a colleague' });
    await user.type(within(form).getByLabelText(/E-mail/), ' Dan@Example.com');
    await user.type(within(form).getByLabelText(/Name/), 'Dan Ortiz');
    await user.selectOptions(within(form).getByLabelText(/Role/), 'Manager');
    await user.click(within(form).getByRole('button', { name: 'Add colleague' }));

    const heading = await screen.findByRole('heading', { name: 'Setup link for Dan Ortiz' });
    expect(heading).toHaveFocus();
    expect(requestsOf(fetch).filter((call) => call.request.startsWith('POST'))).toEqual([{ request: `POST ${STAFF}`, body: { email: 'dan@example.com', name: 'Dan Ortiz', role: 'manager' } }]);
    const field = screen.getByRole('textbox', { name: 'Setup link for Dan Ortiz' });
    expect(field).toHaveValue(link.url);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(/was added as manager/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByText('Copied')).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(link.url);
    // the form is ready for the next colleague, and the new one is listed
    expect(within(form).getByLabelText(/E-mail/)).toHaveValue('');
    expect(rowOf('Dan Ortiz')).toHaveTextContent('Setup link sent');

    await user.click(screen.getByRole('button', { name: 'Done: hide the link' }));
    expect(screen.queryByDisplayValue(link.url)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Colleagues' })).toHaveFocus();
  });

  it("checks the form before sending, and shows the server's refusal at the e-mail", async () => {
    const fetch = installFakeFetch({ ...meRoute(me), [STAFF]: listAnd(refusalOf(409, STAFF_MESSAGES.staffExists)) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    const form = screen.getByRole('form', { name: 'Add a colleague' });
    await user.click(within(form).getByRole('button', { name: 'Add colleague' }));
    expect(await within(form).findByText(STAFF_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(within(form).getByText(STAFF_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(requestsOf(fetch).filter((call) => call.request.startsWith('POST'))).toHaveLength(0);

    await user.type(within(form).getByLabelText(/E-mail/), 'ann@example.com');
    await user.type(within(form).getByLabelText(/Name/), 'Ann Again');
    await user.click(within(form).getByRole('button', { name: 'Add colleague' }));
    await waitFor(() => expect(within(form).getAllByText(STAFF_MESSAGES.staffExists)).toHaveLength(2));
    expect(within(form).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: /Setup link for/ })).not.toBeInTheDocument();
  });

  it('changes a role after choosing it, sending only the role', async () => {
    const fetch = installFakeFetch({ ...meRoute(me), [STAFF]: list, [staffUrl(ann)]: updatedTo({ ...ann, role: 'manager' }) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    const opener = screen.getByRole('button', { name: 'Change role of Ann Lee' });
    await user.click(opener);

    const dialog = screen.getByRole('alertdialog', { name: "Change Ann Lee's role" });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: /Sales/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Manager/ }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsOf(fetch).find((call) => call.request.startsWith('PATCH'))).toEqual({ request: `PATCH ${staffUrl(ann)}`, body: { role: 'manager' } });
    expect(screen.getByText('Ann Lee is now manager.')).toBeInTheDocument();
    expect(rowOf('Ann Lee')).toHaveTextContent('ann@example.comManager');
    expect(opener).toHaveFocus();
  });

  it('disables a colleague after the confirm step, sending disabled: true, and can enable them again', async () => {
    const fetch = installFakeFetch({
      ...meRoute(me),
      [STAFF]: list,
      [staffUrl(ann)]: [updatedTo({ ...ann, disabledAt: '2026-11-29T15:00:00.000Z' }), updatedTo(ann)],
    });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    await user.click(screen.getByRole('button', { name: 'Disable of Ann Lee' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable Ann Lee?' });
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable Ann Lee' }));

    await waitFor(() => expect(rowOf('Ann Lee')).toHaveTextContent('Disabled'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Ann Lee is disabled: their sessions have ended.')).toBeInTheDocument();
    // focus is back where it was: the same button, now Enable (returned as the dialog finishes closing,
    // which can be a turn after its element leaves: on a loaded CI machine the body still had its scroll lock)
    const enable = within(rowOf('Ann Lee')).getByRole('button', { name: 'Enable of Ann Lee' });
    await waitFor(() => expect(enable).toHaveFocus());

    await user.click(enable);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Enable Ann Lee?' })).getByRole('button', { name: 'Enable Ann Lee' }));
    await waitFor(() => expect(rowOf('Ann Lee')).toHaveTextContent('Active'));
    expect(requestsOf(fetch).filter((call) => call.request.startsWith('PATCH'))).toEqual([
      { request: `PATCH ${staffUrl(ann)}`, body: { disabled: true } },
      { request: `PATCH ${staffUrl(ann)}`, body: { disabled: false } },
    ]);
  });

  it("shows the server's 409 when it would leave no manager, and changes nothing", async () => {
    installFakeFetch({ ...meRoute(me), [STAFF]: list, [staffUrl(bob)]: refusalOf(409, STAFF_MESSAGES.lastManager) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    await user.click(screen.getByRole('button', { name: 'Disable of Bob Hart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable Bob Hart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable Bob Hart' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.lastManager);
    expect(rowOf('Bob Hart')).not.toHaveTextContent('Disabled');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable of Bob Hart' })).toHaveFocus();
  });

  it('warns before you demote yourself, then leaves the manager page', async () => {
    const fetch = installFakeFetch({ ...meRoute(me), [STAFF]: list, [staffUrl(maria)]: updatedTo({ ...maria, role: 'sales' }) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    await user.click(screen.getByRole('button', { name: 'Change role (your own account)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Change your own role' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Sales/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is your own account. As sales you lose the Staff, Audit log and Operations pages');
    expect(within(dialog).queryByRole('button', { name: 'Save role' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make myself sales' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${ADMIN_PATHS.home}$`)));
    expect(requestsOf(fetch).find((call) => call.request.startsWith('PATCH'))).toEqual({ request: `PATCH ${staffUrl(maria)}`, body: { role: 'sales' } });
  });

  it('warns before you disable yourself, then goes to sign-in (your sessions have ended)', async () => {
    installFakeFetch({ ...meRoute(me), [STAFF]: list, [staffUrl(maria)]: updatedTo({ ...maria, disabledAt: '2026-11-29T15:00:00.000Z' }) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    await user.click(screen.getByRole('button', { name: 'Disable (your own account)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable your own account?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is your own account: you will be signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(ADMIN_PATHS.signIn));
  });

  it('makes a new setup link after the confirm step and shows it once', async () => {
    const link = { path: '/admin/setup?token=new456', url: 'https://shop.example.com/admin/setup?token=new456', expiresAt: '2026-11-30T15:00:00.000Z' };
    const fetch = installFakeFetch({ ...meRoute(me), [STAFF]: list, [linkUrl(ann)]: answerOf(adminRoutes.newSetupLink, { staff: ann, setupLink: link }) });
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('table', { name: 'Staff members, managers first' });
    await user.click(screen.getByRole('button', { name: 'New setup link of Ann Lee' }));
    const dialog = screen.getByRole('alertdialog', { name: 'A new setup link for Ann Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));

    expect(await screen.findByRole('heading', { name: 'Setup link for Ann Lee' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Setup link for Ann Lee' })).toHaveValue(link.url);
    expect(screen.getByText(/older unused setup links no longer work/)).toBeInTheDocument();
    expect(requestsOf(fetch).find((call) => call.request.startsWith('POST'))).toEqual({ request: `POST ${linkUrl(ann)}`, body: undefined });
  });

  it('shows an error with Retry when the staff cannot be loaded', async () => {
    installFakeFetch({ ...meRoute(me), [STAFF]: [refusalOf(500, 'Internal server error'), list] });
    const user = userEvent.setup();
    renderStaff();
    expect(await screen.findByText('The staff could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Staff members, managers first' })).toBeInTheDocument();
  });
});
