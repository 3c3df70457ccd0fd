import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { ADMIN_PATHS, adminApi, adminRoutes, apiUrl, type AdminAuditEntry, type AdminAuditResponse } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { answerOf, meRoute, refusalOf, renderScreen, staffMe } from '../shared/test-support/admin-screen-harness';
import AuditPage from './AuditPage';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function entry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: '120',
    at: '2026-11-29T14:05:00.000Z',
    actor: 'maria@example.com',
    actorKind: 'staff',
    action: 'staff.update',
    target: 'ann@example.com',
    outcome: 'succeeded',
    detail: null,
    before: { role: 'sales', disabled: false },
    after: { role: 'manager', disabled: false },
    ...overrides,
  };
}

const roleChange = entry();
const refusedRefund = entry({ id: '119', at: '2026-11-28T09:30:00.000Z', actor: 'zapier', actorKind: 'api-key', action: 'order.refund', target: 'SF-100013', outcome: 'refused', detail: 'The refund is more than is left of that payment.', before: null, after: null });
const cliQuote = entry({ id: '118', at: '2026-11-27T08:00:00.000Z', actor: 'cli:deploy', actorKind: 'cli', action: 'quote.create', target: 'Q-100001', before: null, after: { total: 1200, status: 'sent' } });

const auditUrl = (query: Record<string, string> = {}) => apiUrl(adminApi.audit, { query });
const page = (body: AdminAuditResponse) => answerOf(adminRoutes.audit, body);

/** The view's own Back: the history's previous entry, as the browser's Back button goes. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

function renderAudit(entryPath: string = ADMIN_PATHS.audit) {
  return renderScreen(
    entryPath,
    ADMIN_PATHS.audit,
    <>
      <AuditPage />
      <BackButton />
    </>,
  );
}

const rowsOf = () => within(screen.getByRole('table', { name: 'Audit log entries, newest first' })).getAllByRole('row').slice(1);

describe('AuditPage', () => {
  it('shows each entry: when (local, with the UTC instant), who and how, action, target, outcome and detail', async () => {
    installFakeFetch({ ...meRoute(), [auditUrl()]: page({ entries: [roleChange, refusedRefund, cliQuote], next: null }) });
    renderAudit();
    const rows = await waitFor(() => rowsOf());
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-11-29T14:05:00.000Z');
    expect(first).toHaveTextContent('maria@example.comStaff');
    expect(second).toHaveTextContent('zapierAPI key');
    expect(third).toHaveTextContent('cli:deployCommand line');
    expect(second).toHaveTextContent('order.refund');
    expect(second).toHaveTextContent('SF-100013');
    expect(within(second).getByText('Refused')).toHaveClass('sf-status', 'sf-status--warning');
    expect(second).toHaveTextContent('The refund is more than is left of that payment.');
    expect(within(second).getByText('None recorded')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 entries shown, back to the oldest.');
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
  });

  it('sends the filters as the query, puts them in the address, and Back returns to the previous view', async () => {
    const filtered = { actor: 'zap', action: 'order.', target: 'SF-1', outcome: 'refused', from: '2026-11-01', to: '2026-11-29' };
    const fetch = installFakeFetch({
      ...meRoute(),
      [auditUrl()]: page({ entries: [roleChange, refusedRefund], next: null }),
      [auditUrl(filtered)]: page({ entries: [refusedRefund], next: null }),
    });
    const user = userEvent.setup();
    renderAudit();
    await waitFor(() => expect(rowsOf()).toHaveLength(2));

    const filters = screen.getByRole('search', { name: 'Filter the audit log' });
    await user.type(within(filters).getByLabelText(/Actor/), 'zap');
    await user.type(within(filters).getByLabelText(/Action/), 'order.');
    await user.type(within(filters).getByLabelText(/Target/), 'SF-1');
    await user.selectOptions(within(filters).getByLabelText('Outcome'), 'Refused');
    await user.type(within(filters).getByLabelText(/^From/), '2026-11-01');
    await user.type(within(filters).getByLabelText(/^To/), '2026-11-29');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${ADMIN_PATHS.audit}?actor=zap&action=order.&target=SF-1&outcome=refused&from=2026-11-01&to=2026-11-29`));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith(auditUrl(filtered), expect.objectContaining({ method: 'GET' }));
    expect(rowsOf()[0]).toHaveTextContent('order.refund');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${ADMIN_PATHS.audit}$`)));
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.getByLabelText(/Actor/)).toHaveValue('');
    expect(screen.getByLabelText('Outcome')).toHaveValue('');
  });

  it('opens a linked view with its filters in the form, and clears them', async () => {
    installFakeFetch({
      ...meRoute(),
      [auditUrl({ actor: 'zap', outcome: 'refused' })]: page({ entries: [], next: null }),
      [auditUrl()]: page({ entries: [roleChange], next: null }),
    });
    const user = userEvent.setup();
    renderAudit(`${ADMIN_PATHS.audit}?outcome=refused&actor=zap`);
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Actor/)).toHaveValue('zap');
    expect(screen.getByLabelText('Outcome')).toHaveValue('refused');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${ADMIN_PATHS.audit}$`));
    expect(screen.getByLabelText(/Actor/)).toHaveValue('');
  });

  it('refuses a From after To before asking', async () => {
    const fetch = installFakeFetch({ ...meRoute(), [auditUrl()]: page({ entries: [roleChange], next: null }) });
    const user = userEvent.setup();
    renderAudit();
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    await user.type(screen.getByLabelText(/^From/), '2026-11-29');
    await user.type(screen.getByLabelText(/^To/), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('From must be on or before To.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^From/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${ADMIN_PATHS.audit}$`));
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith(auditUrl()))).toHaveLength(1);
  });

  it("shows the server's refusal of a hand-edited filter at its field", async () => {
    installFakeFetch({ ...meRoute(), [auditUrl({ from: '2026-13-45' })]: refusalOf(400, 'from must be a real date', { from: 'from must be a real date' }) });
    renderAudit(`${ADMIN_PATHS.audit}?from=2026-13-45`);
    expect(await screen.findByText('These filters cannot be used')).toBeInTheDocument();
    expect(screen.getByLabelText(/^From/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('from must be a real date').length).toBeGreaterThan(0);
  });

  it('pages with next as before ("Older entries"), keeping the filters, and moves focus to the first older entry', async () => {
    const fetch = installFakeFetch({
      ...meRoute(),
      [auditUrl({ action: 'staff.' })]: page({ entries: [roleChange, refusedRefund], next: '119' }),
      [auditUrl({ action: 'staff.', before: '119' })]: page({ entries: [cliQuote], next: null }),
    });
    const user = userEvent.setup();
    renderAudit(`${ADMIN_PATHS.audit}?action=staff.`);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('2 entries shown.');

    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
    expect(fetch).toHaveBeenCalledWith(auditUrl({ action: 'staff.', before: '119' }), expect.anything());
    expect(rowsOf()[2]).toHaveTextContent('quote.create');
    expect(rowsOf()[2]).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 entries shown, back to the oldest.');
  });

  it('says when older entries could not be loaded, and keeps what is shown', async () => {
    installFakeFetch({
      ...meRoute(),
      [auditUrl()]: page({ entries: [roleChange], next: '120' }),
      [auditUrl({ before: '120' })]: refusalOf(503, 'Service unavailable'),
    });
    const user = userEvent.setup();
    renderAudit();
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Older entries could not be loaded: Service unavailable')).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeEnabled();
  });

  it('opens the values before and after side by side, the changed field marked', async () => {
    installFakeFetch({ ...meRoute(), [auditUrl()]: page({ entries: [roleChange, cliQuote], next: null }) });
    const user = userEvent.setup();
    renderAudit();
    await waitFor(() => expect(rowsOf()).toHaveLength(2));

    const toggle = screen.getByRole('button', { name: 'Changes of staff.update on ann@example.com' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByRole('table', { name: 'Values before and after staff.update on ann@example.com' });
    expect(toggle).toHaveAttribute('aria-controls', diff.closest('tr[id]')?.id);
    expect(within(diff).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Field', 'Before', 'After']);
    const role = within(diff).getByRole('rowheader', { name: /^role/ }).closest('tr')!;
    expect(role).toHaveAttribute('data-change', 'changed');
    expect(role).toHaveTextContent('rolechangedsalesmanager');
    expect(within(diff).getByRole('rowheader', { name: 'disabled' }).closest('tr')).toHaveAttribute('data-change', 'same');
    expect(screen.getByText('1 field differs: 1 changed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Changes of quote.create on Q-100001' }));
    const created = screen.getByRole('table', { name: 'Values before and after quote.create on Q-100001' });
    expect(within(created).getAllByRole('row').slice(1).map((row) => row.getAttribute('data-change'))).toEqual(['added', 'added']);
    expect(screen.getByText('Created: there were no values before.')).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('table', { name: /staff\.update/ })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the log cannot be loaded', async () => {
    installFakeFetch({ ...meRoute(), [auditUrl()]: [refusalOf(500, 'Internal server error'), page({ entries: [roleChange], next: null })] });
    const user = userEvent.setup();
    renderAudit();
    expect(await screen.findByText('The audit log could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
  });

  it('shows the empty log, and is for managers only', async () => {
    installFakeFetch({ ...meRoute(), [auditUrl()]: page({ entries: [], next: null }) });
    const { unmount } = renderAudit();
    expect(await screen.findByText('No back-office writes recorded yet')).toBeInTheDocument();
    unmount();

    const fetch = installFakeFetch({ ...meRoute(staffMe({ role: 'sales' })) });
    renderAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role (sales) cannot open this page: it is for managers.');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
