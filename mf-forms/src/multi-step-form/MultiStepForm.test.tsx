import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_MESSAGES, type FormSubmission } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { kitchenDesignForm } from '../test-support/kitchen-design-form.fixture.js';
import { savedFormDataKey } from '../form-engine/saved-form-data.js';
import { MultiStepForm } from './MultiStepForm.js';

jest.setTimeout(20000);

const URL = '/api/forms/free-kitchen-design';

function sentBodies(fetchMock: jest.Mock): FormSubmission[] {
  return fetchMock.mock.calls.filter(([url]) => url === URL).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as FormSubmission);
}

function stepHeading() {
  return screen.getByRole('heading', { level: 3 });
}

function progressState() {
  return within(screen.getByRole('list', { name: 'Form progress' }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent}${item.getAttribute('aria-current') ? ' <' : ''}`);
}

async function completeStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), 'Ann');
  await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => sessionStorage.clear());

describe('MultiStepForm', () => {
  it('does not advance past an invalid step and shows every field of it as touched', async () => {
    const fetchMock = installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<MultiStepForm definition={kitchenDesignForm} />);

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(stepHeading()).toHaveTextContent('About You');
    // the step's validation is asynchronous (yup): its messages arrive after the click's turn
    await waitFor(() => expect(screen.getByLabelText(/First Name/)).toHaveAccessibleDescription(FORM_MESSAGES.required));
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(FORM_MESSAGES.required);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends each step on Next, keeps the returned id and continuation token for later steps, and sends the e-mail settings only with the last', async () => {
    const fetchMock = installFakeFetch({
      [URL]: [
        { status: 201, body: { success: true, message: 'Step saved', data: { id: 'sub-1', continuationToken: 'secret-1' } } },
        { status: 200, body: { success: true, message: 'Step saved', data: { id: 'sub-1' } } },
        { status: 200, body: { success: true, message: 'Thanks, Ann! Your designer will call you.', data: { id: 'sub-1' } } },
      ],
    });
    const user = userEvent.setup({ delay: null });
    render(<MultiStepForm definition={kitchenDesignForm} />);

    await completeStepOne(user);
    expect(await screen.findByRole('heading', { name: 'Your Kitchen' })).toHaveFocus();
    expect(progressState()).toEqual(['✓About You (completed)', '2Your Kitchen <', '3Measurements & Photos']);

    await user.selectOptions(screen.getByLabelText(/Kitchen Layout/), 'galley');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Measurements & Photos' });
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await user.click(screen.getByRole('button', { name: 'Get My Free Design' }));

    expect(await screen.findByText('Thanks, Ann! Your designer will call you.')).toBeInTheDocument();
    const [first, second, third] = sentBodies(fetchMock);
    expect(first).toEqual({ name: 'free-kitchen-design', formData: { firstName: 'Ann', email: 'ann@example.com' }, metadata: { source: 'test' } });
    expect(second).toEqual({ name: 'free-kitchen-design', formData: { kitchenLayout: 'galley' }, metadata: { source: 'test' }, id: 'sub-1', continuationToken: 'secret-1' });
    expect(third).toMatchObject({ formData: { notes: '' }, id: 'sub-1', continuationToken: 'secret-1', emailNotifications: kitchenDesignForm.emailNotifications });
    // done: back to an empty first step, nothing left in the tab's cache
    expect(stepHeading()).toHaveTextContent('About You');
    expect(screen.getByLabelText(/First Name/)).toHaveValue('');
    expect(sessionStorage.getItem(savedFormDataKey('free-kitchen-design'))).toBeNull();
  });

  it('says "Your form has been submitted successfully." when the answer has no message', async () => {
    installFakeFetch({ [URL]: { status: 200, body: { success: true, data: { id: 'sub-2' } } } });
    const user = userEvent.setup({ delay: null });
    render(<MultiStepForm definition={{ ...kitchenDesignForm, steps: [kitchenDesignForm.steps[0]!, kitchenDesignForm.steps[2]!] }} />);

    await completeStepOne(user);
    await user.click(await screen.findByRole('button', { name: 'Get My Free Design' }));
    expect(await screen.findByText(FORM_MESSAGES.kitchenDesignSuccess)).toBeInTheDocument();
  });

  it('Back goes one step back and takes the step left off the completed list', async () => {
    installFakeFetch({ [URL]: { status: 200, body: { success: true, data: { id: 'sub-3' } } } });
    const user = userEvent.setup({ delay: null });
    render(<MultiStepForm definition={kitchenDesignForm} />);

    await completeStepOne(user);
    await user.selectOptions(await screen.findByLabelText(/Kitchen Layout/), 'l-shape');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Measurements & Photos' });
    expect(progressState()).toEqual(['✓About You (completed)', '✓Your Kitchen (completed)', '3Measurements & Photos <']);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toHaveTextContent('Your Kitchen');
    expect(progressState()).toEqual(['✓About You (completed)', '2Your Kitchen (completed) <', '3Measurements & Photos']);
    // what was chosen is still there
    expect(screen.getByLabelText(/Kitchen Layout/)).toHaveValue('l-shape');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(progressState()).toEqual(['1About You (completed) <', '2Your Kitchen', '3Measurements & Photos']);
  });

  it('returns to the first step on a server error, drops the submission and the cache, and keeps what was typed', async () => {
    const fetchMock = installFakeFetch({
      [URL]: [
        { status: 201, body: { success: true, data: { id: 'sub-4', continuationToken: 'secret-4' } } },
        { status: 500, body: { success: false, message: 'Internal server error' } },
        { status: 201, body: { success: true, data: { id: 'sub-5' } } },
      ],
    });
    const user = userEvent.setup({ delay: null });
    render(<MultiStepForm definition={kitchenDesignForm} />);

    await completeStepOne(user);
    await user.selectOptions(await screen.findByLabelText(/Kitchen Layout/), 'galley');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    expect(stepHeading()).toHaveTextContent('About You');
    expect(progressState()).toEqual(['1About You <', '2Your Kitchen', '3Measurements & Photos']);
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    expect(sessionStorage.getItem(savedFormDataKey('free-kitchen-design'))).toBeNull();

    // starting again makes a new submission: no id or token is sent
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Your Kitchen' });
    expect(sentBodies(fetchMock)[2]).not.toHaveProperty('id');
    expect(sentBodies(fetchMock)[2]).not.toHaveProperty('continuationToken');
  });

  it('keeps the step and shows the server field errors on their fields', async () => {
    installFakeFetch({ [URL]: { status: 400, body: { success: false, message: 'Please correct the highlighted fields.', errors: { email: 'Invalid email address' } } } });
    const user = userEvent.setup({ delay: null });
    render(<MultiStepForm definition={kitchenDesignForm} />);

    await completeStepOne(user);
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('About You');
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription('Invalid email address');
  });

  it('resumes at the saved step with the saved answers and continuation token after a reload in the same tab', async () => {
    installFakeFetch({ [URL]: { status: 201, body: { success: true, data: { id: 'sub-6', continuationToken: 'secret-6' } } } });
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<MultiStepForm definition={kitchenDesignForm} />);
    await completeStepOne(user);
    await screen.findByRole('heading', { name: 'Your Kitchen' });
    unmount();

    const fetchMock = installFakeFetch({ [URL]: { status: 200, body: { success: true, data: { id: 'sub-6' } } } });
    render(<MultiStepForm definition={kitchenDesignForm} />);
    expect(await screen.findByRole('heading', { name: 'Your Kitchen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Your Kitchen' });
    expect(sentBodies(fetchMock)[0]).toMatchObject({ id: 'sub-6', continuationToken: 'secret-6' });
  });

  it('does not resume a later step saved without its continuation token (the id alone continues nothing)', async () => {
    sessionStorage.setItem(savedFormDataKey('free-kitchen-design'), JSON.stringify({ values: { firstName: 'Ann' }, step: 1, completed: [0], id: 'sub-7' }));
    render(<MultiStepForm definition={kitchenDesignForm} />);
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ann');
    expect(stepHeading()).toHaveTextContent('About You');
  });
});
