import { forwardRef, useImperativeHandle } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_MESSAGES, type FormDefinition } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { contactForm } from '../../test-support/contact-form.fixture.js';
import { DynamicForm } from '../DynamicForm.js';

// Google's widget is the edge we cannot reach from a test: a stand-in with the same imperative API.
const challenge = { executeAsync: jest.fn<Promise<string | null>, []>(), reset: jest.fn(), siteKeys: [] as string[] };
jest.mock('react-google-recaptcha', () => ({
  __esModule: true,
  default: forwardRef<unknown, { sitekey: string; size: string }>(function FakeRecaptcha({ sitekey, size }, ref) {
    challenge.siteKeys.push(sitekey);
    useImperativeHandle(ref, () => ({ executeAsync: challenge.executeAsync, reset: challenge.reset }));
    return <div data-testid="recaptcha" data-size={size} />;
  }),
}));

jest.setTimeout(20000);

const captchaForm: FormDefinition = { ...contactForm, googleReCaptcha: true, recaptchaSiteKey: 'site-key-123' };

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), 'Ann');
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Message/), 'I would like a quote for my kitchen.');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

beforeEach(() => {
  sessionStorage.clear();
  challenge.executeAsync.mockReset();
  challenge.reset.mockReset();
  challenge.siteKeys = [];
});

describe('the form captcha', () => {
  it('runs the challenge on submit, sends its token, and resets the captcha after the submit', async () => {
    challenge.executeAsync.mockResolvedValue('token-abc');
    const fetchMock = installFakeFetch({ '/api/forms/contact': { status: 201, body: { success: true, data: { id: 'x' } } } });
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={captchaForm} />);
    expect(screen.getByTestId('recaptcha')).toHaveAttribute('data-size', 'invisible');
    expect(challenge.siteKeys).toContain('site-key-123');

    await fillAndSend(user);

    expect(await screen.findByText(/Thank you/)).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body))).toMatchObject({ recaptchaToken: 'token-abc' });
    expect(challenge.reset).toHaveBeenCalled();
  });

  it('sends nothing and asks for the verification when the challenge fails', async () => {
    challenge.executeAsync.mockRejectedValue(new Error('challenge closed'));
    const fetchMock = installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={captchaForm} />);

    await fillAndSend(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_MESSAGES.captcha);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(challenge.reset).toHaveBeenCalled();
  });

  it('is off without a site key: no widget, no token, the form sends', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/contact': { status: 201, body: { success: true, data: { id: 'y' } } } });
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={{ ...contactForm, googleReCaptcha: true }} />);
    expect(screen.queryByTestId('recaptcha')).not.toBeInTheDocument();

    await fillAndSend(user);

    expect(await screen.findByText(/Thank you/)).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body))).not.toHaveProperty('recaptchaToken');
    expect(challenge.executeAsync).not.toHaveBeenCalled();
  });
});
