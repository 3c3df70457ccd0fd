import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  ADMIN_PATHS,
  adminApi,
  adminDeadLettersResponseSchema,
  adminEmailResendResponseSchema,
  adminJobRetryResponseSchema,
  apiUrl,
  staffMeResponseSchema,
  type AdminDeadLettersResponse,
  type StaffRole,
} from '@storefront/contracts';
import { fakeResponse, installFakeFetch, type FakeRoutes } from '@storefront/ui/testing';
import OperationsPage from './OperationsPage';

// Every fake answer is what the contract allows: checked against the route's response schema first.
const meAs = (role: StaffRole) =>
  staffMeResponseSchema.validateSync(
    { me: { kind: 'staff', id: 'staff-1', name: 'Mia Manager', email: 'mia@heartwood.example', role, twoFactor: true, recoveryCodesLeft: 10, sessionExpiresAt: '2026-11-30T20:00:00.000Z' } },
    { strict: true },
  );
const listAnswer = (answer: AdminDeadLettersResponse) => adminDeadLettersResponseSchema.validateSync(answer, { strict: true });

const EMAIL = {
  id: 'e0000000-0000-4000-8000-000000000001',
  kind: 'order-confirmation',
  recipient: 'ann@example.com',
  subject: 'Your order #SF-100013 has been received',
  attempts: 41,
  lastError: 'Still failing after 73 h of retries: connect ECONNREFUSED 10.0.0.5:587',
  failedAt: '2026-11-28T10:00:00.000Z',
};
const FORMS_JOB = {
  service: 'forms' as const,
  id: 'b0000000-0000-4000-8000-000000000001',
  queue: 'form-notification',
  failedAt: '2026-11-28T11:00:00.000Z',
  attempts: 15,
  error: 'orders answered 503',
};
const PAYMENTS_DOWN = 'The payments service did not answer: its dead letters cannot be shown right now. Try again in a moment.';

const available = <T,>(deadLetters: T[]) => ({ unavailable: false, message: null, deadLetters });
const WITH_PAYMENTS_DOWN = listAnswer({
  emails: available([EMAIL]),
  jobs: { forms: available([FORMS_JOB]), orders: available([]), payments: { unavailable: true, message: PAYMENTS_DOWN, deadLetters: [] } },
});
const ALL_UP = listAnswer({ ...WITH_PAYMENTS_DOWN, jobs: { ...WITH_PAYMENTS_DOWN.jobs, payments: available([]) } });

const listUrl = apiUrl(adminApi.deadLetters);
const resendUrl = apiUrl(adminApi.resendEmailDeadLetter, { params: { id: EMAIL.id } });
const retryUrl = apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'forms', id: FORMS_JOB.id } });

function renderPage(routes: FakeRoutes, role: StaffRole = 'manager') {
  const fetch = installFakeFetch({ [apiUrl(adminApi.me)]: { body: meAs(role) }, ...routes });
  render(
    <MemoryRouter initialEntries={[ADMIN_PATHS.operations]}>
      <OperationsPage />
    </MemoryRouter>,
  );
  return fetch;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('OperationsPage', () => {
  it('groups the dead letters by source, each with its error; a source that is down says so with Retry, the rest still shows', async () => {
    renderPage({ [listUrl]: { body: WITH_PAYMENTS_DOWN } });
    expect(await screen.findByRole('heading', { level: 2, name: 'E-mails that could not be delivered' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'E-mails that could not be delivered',
      'Jobs of the forms service',
      'Jobs of the orders service',
      'Jobs of the payments service',
    ]);

    const emails = section('E-mails that could not be delivered');
    const [, emailRow] = within(emails).getAllByRole('row');
    expect(emailRow).toHaveTextContent(EMAIL.subject);
    expect(emailRow).toHaveTextContent('order-confirmation');
    expect(emailRow).toHaveTextContent('ann@example.com');
    expect(emailRow).toHaveTextContent('41');
    expect(emailRow).toHaveTextContent(EMAIL.lastError);
    expect(emailRow!.querySelector('time')).toHaveAttribute('dateTime', EMAIL.failedAt);
    expect(within(emailRow!).getByRole('button', { name: 'Resend the e-mail to ann@example.com' })).toBeEnabled();

    const forms = section('Jobs of the forms service');
    const [, jobRow] = within(forms).getAllByRole('row');
    expect(jobRow).toHaveTextContent('form-notification');
    expect(jobRow).toHaveTextContent('orders answered 503');
    expect(within(jobRow!).getByRole('button', { name: `Retry the form-notification job ${FORMS_JOB.id}` })).toBeEnabled();

    expect(within(section('Jobs of the orders service')).getByText('No dead letters')).toBeInTheDocument();
    const payments = within(section('Jobs of the payments service')).getByRole('alert');
    expect(payments).toHaveTextContent("The payments service's jobs could not be read");
    expect(payments).toHaveTextContent(PAYMENTS_DOWN);
    expect(within(payments).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Retry on a source that was down asks again', async () => {
    const fetch = renderPage({ [listUrl]: [{ body: WITH_PAYMENTS_DOWN }, { body: ALL_UP }] });
    const payments = await screen.findByRole('region', { name: 'Jobs of the payments service' });
    await userEvent.click(within(payments).getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('region', { name: 'Jobs of the payments service' })).findByText('No dead letters')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url) === listUrl)).toHaveLength(2);
  });

  it('resends an e-mail: busy while it runs, then the row leaves the list and the page says what happened', async () => {
    const fetch = renderPage({ [listUrl]: { body: WITH_PAYMENTS_DOWN } });
    const button = await screen.findByRole('button', { name: 'Resend the e-mail to ann@example.com' });
    // the server's answer is held back until the busy state has been seen
    let answer!: (response: Response) => void;
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await userEvent.click(button);
    const busy = screen.getByRole('button', { name: 'Resending… the e-mail to ann@example.com' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect([String(url), init?.method]).toEqual([resendUrl, 'POST']);

    answer(fakeResponse({ body: adminEmailResendResponseSchema.validateSync({ id: EMAIL.id, jobId: 'c0000000-0000-4000-8000-000000000001' }, { strict: true }) }));
    expect(await screen.findByText(`The e-mail to ann@example.com (${EMAIL.subject}) is queued again with a fresh set of retries.`)).toBeInTheDocument();
    expect(within(section('E-mails that could not be delivered')).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section('E-mails that could not be delivered')).getByText('No e-mails waiting')).toBeInTheDocument();
    // the job next to it is untouched
    expect(within(section('Jobs of the forms service')).getAllByRole('row')).toHaveLength(2);
  });

  it("retries a job; a refusal is shown in the server's words and the row stays", async () => {
    renderPage({
      [listUrl]: { body: WITH_PAYMENTS_DOWN },
      [retryUrl]: [
        { status: 404, body: { statusCode: 404, message: 'No such dead letter (re-driven already?).', errorType: 'notDeadLetter' } },
        { body: adminJobRetryResponseSchema.validateSync({ service: 'forms', id: FORMS_JOB.id, queue: 'form-notification', newJobId: 'c0000000-0000-4000-8000-000000000002' }, { strict: true }) },
      ],
    });
    const forms = await screen.findByRole('region', { name: 'Jobs of the forms service' });
    const retry = within(forms).getByRole('button', { name: `Retry the form-notification job ${FORMS_JOB.id}` });
    await userEvent.click(retry);
    expect(await within(forms).findByRole('alert')).toHaveTextContent('No such dead letter (re-driven already?).');
    expect(within(forms).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(retry);
    expect(await screen.findByText('The form-notification job is back in its queue (forms) with a fresh set of retries.')).toBeInTheDocument();
    expect(within(forms).getByText('No dead letters')).toBeInTheDocument();
  });

  it('says so when the dead letters cannot be loaded at all, with Retry', async () => {
    renderPage({ [listUrl]: [{ networkError: true }, { body: ALL_UP }] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dead letters could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'E-mails that could not be delivered' })).toBeInTheDocument();
  });

  it('is for managers: a sales member is told so and nothing is asked', async () => {
    const fetch = renderPage({ [listUrl]: { body: ALL_UP } }, 'sales');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role (sales) cannot open this page: it is for managers.');
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain(listUrl);
  });
});
