import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  ADMIN_PATHS,
  adminApi,
  apiUrl,
  staffMeResponseSchema,
  submissionFormsResponseSchema,
  submissionListResponseSchema,
  type SubmissionFormsResponse,
  type SubmissionListResponse,
} from '@storefront/contracts';
import { installFakeFetch, type FakeRoutes } from '@storefront/ui/testing';
import SubmissionsPage, { defaultForm, sizeText, submissionsPathOf } from './SubmissionsPage';

// Every fake answer is what the contract allows: checked against the route's response schema first.
const me = staffMeResponseSchema.validateSync(
  { me: { kind: 'staff', id: 'staff-1', name: 'Sam Sales', email: 'sam@heartwood.example', role: 'sales', twoFactor: true, recoveryCodesLeft: 10, sessionExpiresAt: '2026-11-30T20:00:00.000Z' } },
  { strict: true },
);
const formsAnswer = (forms: SubmissionFormsResponse['forms']) => submissionFormsResponseSchema.validateSync({ forms }, { strict: true });
const pageAnswer = (page: SubmissionListResponse) => submissionListResponseSchema.validateSync(page, { strict: true });

const CLAIM = { name: 'claim', title: 'Damage Claim', submissions: 3, lastSubmittedAt: '2026-11-28T10:00:00.000Z' };
const CONTACT = { name: 'contact', title: 'Contact Us', submissions: 1, lastSubmittedAt: '2026-11-29T09:30:00.000Z' };
const QUIET = { name: 'newsletter', title: 'Newsletter', submissions: 0, lastSubmittedAt: null };

const newest = {
  id: 'a0000000-0000-4000-8000-000000000003',
  form: 'claim',
  submittedAt: '2026-11-28T10:00:00.000Z',
  fields: [
    { name: 'firstName', label: 'First Name', value: 'Cy' },
    { name: 'message', label: 'What Happened?', value: 'The door\narrived cracked.' },
    { name: 'photos', label: 'Photos', value: 'door.png, box.png' },
    { name: 'phone', label: 'Phone', value: '' },
  ],
  files: [
    { id: 'f0000000-0000-4000-8000-000000000001', field: 'photos', fileName: 'door.png', contentType: 'image/png', size: 2_400_000 },
    { id: 'f0000000-0000-4000-8000-000000000002', field: 'photos', fileName: 'box.png', contentType: 'image/png', size: 2048 },
  ],
};
const older = {
  id: 'a0000000-0000-4000-8000-000000000002',
  form: 'claim',
  submittedAt: '2026-11-27T10:00:00.000Z',
  fields: [{ name: 'firstName', label: 'First Name', value: 'Bo' }],
  files: [],
};
const oldest = { ...older, id: 'a0000000-0000-4000-8000-000000000001', submittedAt: '2026-11-26T10:00:00.000Z', fields: [{ name: 'firstName', label: 'First Name', value: 'Al' }] };

const formsUrl = apiUrl(adminApi.submissionForms);
const pageUrl = (form: string, before?: string) => apiUrl(adminApi.submissions, { query: { form, before } });

function renderAt(path: string, routes: FakeRoutes) {
  const fetch = installFakeFetch({ [apiUrl(adminApi.me)]: { body: me }, ...routes });
  render(
    <MemoryRouter initialEntries={[path]}>
      <SubmissionsPage />
    </MemoryRouter>,
  );
  return fetch;
}

describe('SubmissionsPage', () => {
  it("lists the forms with their counts and shows the chosen form's submissions newest first: date, each answer by its label, files as downloads", async () => {
    renderAt(submissionsPathOf('claim'), {
      [formsUrl]: { body: formsAnswer([CLAIM, CONTACT, QUIET]) },
      [pageUrl('claim')]: { body: pageAnswer({ submissions: [newest, older], next: null }) },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the back office…');

    const picker = await screen.findByRole('navigation', { name: 'Forms' });
    const links = within(picker).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Damage Claim', 'Contact Us', 'Newsletter']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/submissions?form=claim', '/admin/submissions?form=contact', '/admin/submissions?form=newsletter']);
    expect(within(picker).getByRole('link', { name: 'Damage Claim' })).toHaveAttribute('aria-current', 'page');
    expect(picker).toHaveTextContent('Damage Claim (3 submissions)');
    expect(picker).toHaveTextContent('Contact Us (1 submission)');
    expect(picker).toHaveTextContent('Newsletter (none yet)');

    expect(screen.getByRole('heading', { level: 2, name: 'Damage Claim' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 3 }).querySelector('time')).toHaveAttribute('dateTime', newest.submittedAt);
    expect(within(second).getByRole('heading', { level: 3 }).querySelector('time')).toHaveAttribute('dateTime', older.submittedAt);
    const terms = within(first).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['First Name', 'What Happened?', 'Photos', 'Phone']);
    const values = within(first).getAllByRole('definition');
    expect(values[0]).toHaveTextContent('Cy');
    expect(values[1]!.textContent).toBe('The door\narrived cracked.');
    expect(values[3]).toHaveTextContent('—');

    // the files, as downloads from the admin API's route (built from the route table)
    const door = within(values[2]!).getByRole('link', { name: 'door.png' });
    expect(door).toHaveAttribute('href', apiUrl(adminApi.submissionFile, { params: { submissionId: newest.id, fileId: newest.files[0]!.id } }));
    expect(door).toHaveAttribute('href', `/api/admin/submissions/${newest.id}/files/${newest.files[0]!.id}`);
    expect(door).toHaveAttribute('download', 'door.png');
    expect(values[2]).toHaveTextContent('door.png (2.3 MB)');
    expect(within(values[2]!).getByRole('link', { name: 'box.png' })).toHaveAttribute('href', apiUrl(adminApi.submissionFile, { params: { submissionId: newest.id, fileId: newest.files[1]!.id } }));

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('href', apiUrl(adminApi.submissionsCsv, { query: { form: 'claim' } }));
    expect(csv).toHaveAttribute('download');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("loads more with the page's cursor until the last page", async () => {
    const fetch = renderAt(submissionsPathOf('claim'), {
      [formsUrl]: { body: formsAnswer([CLAIM]) },
      [pageUrl('claim')]: { body: pageAnswer({ submissions: [newest, older], next: 'cursor-after-older' }) },
      [pageUrl('claim', 'cursor-after-older')]: { body: pageAnswer({ submissions: [oldest], next: null }) },
    });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Al');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/admin/submissions?form=claim&before=cursor-after-older');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('without a form in the URL shows the one with the newest submission; the picker opens another', async () => {
    renderAt(ADMIN_PATHS.submissions, {
      [formsUrl]: { body: formsAnswer([CLAIM, CONTACT, QUIET]) },
      [pageUrl('contact')]: { body: pageAnswer({ submissions: [{ ...older, form: 'contact', fields: [{ name: 'email', label: 'Email', value: 'di@example.com' }] }], next: null }) },
      [pageUrl('newsletter')]: { body: pageAnswer({ submissions: [], next: null }) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact Us' })).toBeInTheDocument();
    expect(await screen.findByText('di@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Newsletter' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Newsletter' })).toBeInTheDocument();
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', apiUrl(adminApi.submissionsCsv, { query: { form: 'newsletter' } }));
  });

  it("says so when the submissions cannot be loaded, in the server's words, and Retry asks again", async () => {
    renderAt(submissionsPathOf('claim'), {
      [formsUrl]: { body: formsAnswer([CLAIM]) },
      [pageUrl('claim')]: [
        { status: 503, body: { statusCode: 503, message: 'The forms service is unavailable right now. Try again in a moment.', errorType: 'formsUnavailable' } },
        { body: pageAnswer({ submissions: [older], next: null }) },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The submissions could not be loaded');
    expect(alert).toHaveTextContent('The forms service is unavailable right now. Try again in a moment.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bo')).toBeInTheDocument();
  });

  it('says so when the forms cannot be loaded', async () => {
    renderAt(submissionsPathOf('claim'), { [formsUrl]: { status: 503, body: { statusCode: 503, message: 'The forms service is unavailable right now. Try again in a moment.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The forms could not be loaded');
  });

  it('shows an empty state when no form exists yet', async () => {
    renderAt(ADMIN_PATHS.submissions, { [formsUrl]: { body: formsAnswer([]) } });
    expect(await screen.findByText('No forms yet')).toBeInTheDocument();
  });

  it('names a form the URL asks for that does not exist', async () => {
    renderAt(submissionsPathOf('gone'), { [formsUrl]: { body: formsAnswer([CLAIM]) } });
    expect(await screen.findByText('No such form')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Damage Claim' })).not.toHaveAttribute('aria-current');
  });
});

describe('the helpers', () => {
  it('picks the form with the newest submission, else the first', () => {
    expect(defaultForm([CLAIM, CONTACT, QUIET])?.name).toBe('contact');
    expect(defaultForm([QUIET, { ...QUIET, name: 'other' }])?.name).toBe('newsletter');
    expect(defaultForm([])).toBeUndefined();
  });

  it('writes sizes as a person reads them', () => {
    expect([sizeText(512), sizeText(2048), sizeText(2_400_000)]).toEqual(['512 bytes', '2 KB', '2.3 MB']);
  });
});
