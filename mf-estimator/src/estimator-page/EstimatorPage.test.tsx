import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EstimatorBundle } from '@storefront/contracts';
import { installFakeFetch, type FakeRoute } from '@storefront/ui/testing';
import { kitchenEstimator } from '../test-support/kitchen-estimator.fixture.js';
import EstimatorPage from './EstimatorPage.js';

const ESTIMATOR_URL = '/api/content/estimator/kitchen';
const SUBMIT_URL = '/api/forms/kitchen';

function summary() {
  return screen.getByRole('complementary', { name: 'Estimated Pricing' });
}

async function renderLoaded(submit?: FakeRoute, bundle: EstimatorBundle = kitchenEstimator, timers?: 'fake') {
  const fetchMock = installFakeFetch({ [ESTIMATOR_URL]: { body: bundle }, ...(submit ? { [SUBMIT_URL]: submit } : {}) });
  const user = userEvent.setup(timers === 'fake' ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : { delay: null });
  render(<EstimatorPage />);
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  await screen.findByRole('form', { name: 'Kitchen Remodel Estimator' });
  return { user, fetchMock };
}

/** Fills every group with valid answers through the real Next buttons. */
async function fillEstimate(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
  await user.click(screen.getByLabelText(/Shaker/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  const dialog = await screen.findByRole('dialog', { name: 'Appliances & extras' });
  await user.selectOptions(within(dialog).getByLabelText(/Appliance installation/), 'standard');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByLabelText(/Full name/), 'Ann Lee');
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Phone/), '7325550148');
}

/** jsdom's Blob has no text(): read it the old way. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob, 'latin1');
  });
}

function submitCalls(fetchMock: jest.Mock) {
  return fetchMock.mock.calls.filter(([url]) => url === SUBMIT_URL).map(([, init]) => init as RequestInit);
}

describe('EstimatorPage', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows "Make selections to see pricing" until something priced is picked', async () => {
    await renderLoaded();
    expect(within(summary()).getByText('Make selections to see pricing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen Remodel Estimator' })).toBeInTheDocument();
  });

  it('updates the product, labor and total ranges as options change', async () => {
    const { user } = await renderLoaded();

    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    expect(within(summary()).getByTestId('estimate-product')).toHaveTextContent('$1,000 - $2,000');
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$1,500 - $2,800');

    await user.click(screen.getByLabelText(/Shaker/));
    expect(within(summary()).getByTestId('estimate-product')).toHaveTextContent('$9,000 - $14,000');
    expect(within(summary()).getByTestId('estimate-labor')).toHaveTextContent('$2,500 - $3,800');
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$11,500 - $17,800');
    expect(within(summary()).getByText('Cabinets').nextSibling).toHaveTextContent('$10,000 - $15,000');

    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'large');
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$22,000 - $37,500');
  });

  it('opens the first group only; Next shows errors on empty required fields and stays', async () => {
    const { user } = await renderLoaded();
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(screen.queryByLabelText(/Full name/)).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText(/Kitchen size/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Kitchen size/)).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText(/Kitchen size/)).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Next opens the popup group as a dialog that traps focus and locks scrolling; Escape closes it', async () => {
    const { user } = await renderLoaded();
    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    await user.click(screen.getByLabelText(/Slab/));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('dialog', { name: 'Appliances & extras' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close Appliances & extras' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByLabelText(/Kitchen size/)).not.toBeVisible();

    // Tab wraps inside the dialog
    await user.tab();
    expect(within(dialog).getByLabelText(/Appliance installation/)).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close Appliances & extras' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    const reopen = screen.getByRole('button', { name: 'Edit Appliances & extras' });
    expect(reopen).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Appliances & extras' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText(/Appliance installation/)).toHaveFocus();
  });

  it('after the popup, Next opens the details group and focuses its first question; Edit reopens a collapsed group', async () => {
    const { user } = await renderLoaded();
    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    await user.click(screen.getByLabelText(/Slab/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(within(await screen.findByRole('dialog')).getByLabelText(/Appliance installation/), 'none');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByLabelText(/Full name/)).toHaveFocus();
    expect(screen.getByLabelText(/Kitchen size/)).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit Your kitchen' }));
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(screen.getByLabelText(/Kitchen size/)).toHaveValue('small');
    expect(screen.getByLabelText(/Kitchen size/)).toHaveFocus();
    expect(screen.getByLabelText(/Full name/)).not.toBeVisible();
  });

  it('a failed Email opens every group with an error and focuses the first', async () => {
    const { user, fetchMock } = await renderLoaded({ body: { success: true, message: 'ok' } });
    await user.click(screen.getByRole('button', { name: 'Edit Your details' }));
    expect(screen.getByLabelText(/Kitchen size/)).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Email My Estimate' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(5);
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(screen.getByLabelText(/Full name/)).toBeVisible();
    expect(screen.getByLabelText(/Kitchen size/)).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submitCalls(fetchMock)).toHaveLength(0);
  });

  it('Email My Estimate sends the estimate once, says so, resets after 100 ms and clears the message after 5 s', async () => {
    jest.useFakeTimers();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user, fetchMock } = await renderLoaded(() => ({ body: { success: true, message: 'Saved', data: { id: 'e1' } } }), kitchenEstimator, 'fake');
    // hold the answer until both clicks are in
    fetchMock.mockImplementation(async (url: string) => {
      if (url === SUBMIT_URL) {
        await gate;
        return { ok: true, status: 200, json: async () => ({ success: true, message: 'Saved', data: { id: 'e1' } }) } as Response;
      }
      return { ok: true, status: 200, json: async () => kitchenEstimator } as Response;
    });
    await fillEstimate(user);

    const email = screen.getByRole('button', { name: 'Email My Estimate' });
    await user.dblClick(email);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeDisabled();
    await act(async () => release());

    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    const calls = submitCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect((calls[0]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(calls[0]?.body));
    expect(body).toMatchObject({
      name: 'kitchen',
      formData: { kitchenSize: 'small', cabinetLine: 'shaker', appliances: 'standard', fullName: 'Ann Lee', email: 'ann@example.com', phone: '7325550148' },
      emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'kitchen-estimate' },
      metadata: { source: 'estimator' },
      totalPrice: { min: 11900, max: 18700 },
    });
    expect(body.summary).toContainEqual({ label: 'Total', value: '$11,900 - $18,700' });

    await act(async () => jest.advanceTimersByTime(100));
    expect(screen.getByLabelText(/Kitchen size/)).toHaveValue('');
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(within(summary()).getByText('Make selections to see pricing')).toBeInTheDocument();
    expect(screen.getByText('Email sent successfully')).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Email sent successfully')).not.toBeInTheDocument();
  });

  it('shows "Failed to send email" when the server says no and "Submission failed" without an answer, keeping the answers', async () => {
    const { user, fetchMock } = await renderLoaded([{ body: { success: false, message: 'Mail server down' } }, { networkError: true }]);
    await fillEstimate(user);

    await user.click(screen.getByRole('button', { name: 'Email My Estimate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send email');
    await user.click(screen.getByRole('button', { name: 'Email My Estimate' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Submission failed'));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ann Lee');
    const [first, second] = submitCalls(fetchMock).map((init) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(first).not.toBe(second);
  });

  it('shows the server\'s field errors on the fields', async () => {
    const { user } = await renderLoaded({ status: 400, body: { success: false, message: 'Validation failed', errors: { email: 'Invalid email address' } } });
    await fillEstimate(user);
    await user.click(screen.getByRole('button', { name: 'Email My Estimate' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers Download PDF only once a price exists', async () => {
    const { user } = await renderLoaded();
    expect(screen.queryByRole('button', { name: 'Download PDF', hidden: true })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    expect(screen.getByRole('button', { name: 'Download PDF', hidden: true })).toBeInTheDocument();
  });

  it('Download PDF stores the estimate without e-mail settings, then downloads estimate-MM-DD-YYYY.pdf', async () => {
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    // the browser's edges jsdom lacks: object URLs and following a download link
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:estimate';
    });
    URL.revokeObjectURL = jest.fn();
    const dispatch = EventTarget.prototype.dispatchEvent;
    const click = jest.spyOn(EventTarget.prototype, 'dispatchEvent').mockImplementation(function (this: EventTarget, event: Event) {
      if (this instanceof HTMLAnchorElement && event.type === 'click' && this.download) {
        downloads.push(this.download);
        return true;
      }
      return dispatch.call(this, event);
    });
    const { user, fetchMock } = await renderLoaded({ body: { success: true, message: 'Saved', data: { id: 'p1' } } });
    await fillEstimate(user);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('PDF downloaded successfully')).toBeInTheDocument();
    const body = JSON.parse(String(submitCalls(fetchMock)[0]?.body));
    expect(body).not.toHaveProperty('emailNotifications');
    expect(body.formData.fullName).toBe('Ann Lee');

    const now = new Date();
    const date = [now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-') + `-${now.getFullYear()}`;
    expect(downloads).toEqual([`estimate-${date}.pdf`]);
    const pdf = await blobText(blobs[0]!);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('(Project Estimate) Tj');
    expect(pdf).toContain('($11,900 - $18,700) Tj');
    expect(pdf).not.toContain('7325550148');
    await waitFor(() => expect(screen.getByLabelText(/Kitchen size/)).toHaveValue(''));
    click.mockRestore();
  });

  it('Download PDF shows the server\'s message when storing fails', async () => {
    const { user } = await renderLoaded({ status: 429, body: { success: false, message: 'Too many requests, please wait a minute.' } });
    await fillEstimate(user);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please wait a minute.');
  });

  it('Start Over clears the answers and the price and reopens the first group', async () => {
    const { user } = await renderLoaded();
    await fillEstimate(user);
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$11,900 - $18,700');

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(within(summary()).getByText('Make selections to see pricing')).toBeInTheDocument();
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(screen.getByLabelText(/Kitchen size/)).toHaveValue('');
    expect(screen.getByLabelText(/Kitchen size/)).toHaveFocus();
    expect(screen.getByLabelText(/Full name/)).not.toBeVisible();
    expect(screen.getByLabelText(/Full name/)).toHaveValue('');
  });

  it('keeps a popup that is sending open: Escape and its close button do nothing until the answer', async () => {
    // a template whose popup group is the one that sends
    const [project, extras, contact] = kitchenEstimator.template.groups;
    const popupSends: EstimatorBundle = {
      ...kitchenEstimator,
      template: {
        ...kitchenEstimator.template,
        groups: [
          { ...project!, actions: { next: { text: 'Next', target: 'details' } } },
          { ...contact!, name: 'details', layout: 'popup', actions: contact!.actions },
          { ...extras!, layout: 'accordion', fields: extras!.fields.map((field) => ({ ...field, required: false })), actions: undefined },
        ],
      },
    };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user, fetchMock } = await renderLoaded(undefined, popupSends);
    fetchMock.mockImplementation(async (url: string) => {
      if (url === SUBMIT_URL) await gate;
      return { ok: true, status: 200, json: async () => (url === SUBMIT_URL ? { success: true, message: 'ok' } : popupSends) } as Response;
    });
    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    await user.click(screen.getByLabelText(/Shaker/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your details' });
    await user.type(within(dialog).getByLabelText(/Full name/), 'Ann Lee');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ann@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Email My Estimate' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close Your details' })).toBeDisabled();
    dialog.focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your details' })).toBeInTheDocument();

    await act(async () => release());
    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a retry when the estimator cannot be loaded', async () => {
    installFakeFetch({ [ESTIMATOR_URL]: { status: 500, body: { message: 'Content service unavailable' } } });
    render(<EstimatorPage />);
    expect(await screen.findByText('The estimator could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
