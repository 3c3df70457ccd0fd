import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '@storefront/contracts';
import { contactForm } from '../test-support/contact-form.fixture.js';
import { storeCookieConsent } from '@storefront/ui';
import { fakeResponse, installFakeFetch } from '@storefront/ui/testing';
import { DynamicForm } from './DynamicForm.js';

async function fillValidContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), 'Ann');
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Message/), 'I would like a quote for my kitchen.');
}

// Typing through user-event is slow on a busy 2-core machine; give each test room.
jest.setTimeout(20000);

// The form keeps what was typed in sessionStorage (saved form data per form name); each test starts clean.
beforeEach(() => sessionStorage.clear());

describe('DynamicForm', () => {
  it('shows the spec messages on an empty submit, tied to the fields, without calling the server', async () => {
    const fetchMock = installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const firstName = screen.getByLabelText(/First Name/);
    // the schema resolves asynchronously: on a busy machine the messages may land after the click's act
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    expect(firstName).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText(/Message/)).toHaveAccessibleDescription('This field is required');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'This field is required',
      'This field is required',
      'This field is required',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('words bad e-mail and short messages as the spec does', async () => {
    installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);

    await user.type(screen.getByLabelText(/^Email/), 'ann@');
    await user.type(screen.getByLabelText(/Message/), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Message seems too short')).toBeInTheDocument();
  });

  it('marks required fields and lets the phone field take digits only', async () => {
    installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);

    expect(screen.getByLabelText(/First Name/)).toHaveAttribute('aria-required', 'true');
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '(555) 12a3');
    expect(phone).toHaveValue('555123');
  });

  it('shows and requires a field only while its hideWhen condition does not match', async () => {
    installFakeFetch({});
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);

    expect(screen.queryByLabelText(/Vanities/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Bath'));
    expect(screen.getByLabelText(/Vanities/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Vanities/), '2');
    await user.click(screen.getByLabelText('Kitchen'));
    expect(screen.queryByLabelText(/Vanities/)).not.toBeInTheDocument();
  });

  it('posts formData, name, emailNotifications and metadata, then thanks the visitor and resets', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/contact': { status: 201, body: { success: true, message: 'Saved', data: { id: 'abc' } } } });
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);

    await fillValidContact(user);
    await user.click(screen.getByLabelText('Kitchen'));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Thank you! We have received your message. Our Team will contact you soon.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/forms/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      formData: { firstName: 'Ann', email: 'ann@example.com', projectType: 'kitchen', message: 'I would like a quote for my kitchen.', newsletter: false },
      name: 'contact',
      emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact' },
      metadata: { source: 'contact-page' },
    });
    expect(screen.getByLabelText(/First Name/)).toHaveValue('');
  });

  it('shows the configured success message as sanitised HTML', async () => {
    installFakeFetch({ '/api/forms/contact': { status: 201, body: { success: true, message: 'ok' } } });
    const definition: FormDefinition = { ...contactForm, messages: { success: '<strong>Thanks!</strong><img src=x onerror="alert(1)">' } };
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={definition} />);
    await fillValidContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const strong = await screen.findByText('Thanks!');
    expect(strong.tagName).toBe('STRONG');
    expect(document.querySelector('img[onerror]')).toBeNull();
  });

  it('puts server field errors on their fields and shows the response message', async () => {
    installFakeFetch({
      '/api/forms/contact': { status: 400, body: { success: false, message: 'Please correct the highlighted fields', errors: { email: 'Invalid email address', firstName: 'First Name seems too long' } } },
    });
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);
    await fillValidContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText(/First Name/)).toHaveAccessibleDescription('First Name seems too long');
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ann');
  });

  it('falls back to the configured error, then the spec default, when the server gives no message', async () => {
    installFakeFetch({ '/api/forms/contact': { status: 500 } });
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<DynamicForm definition={{ ...contactForm, messages: { error: 'Our form is resting.' } }} />);
    await fillValidContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Our form is resting.')).toBeInTheDocument();
    unmount();

    // The next visit in the tab finds what was typed (saved form data per form name): send it again as is.
    installFakeFetch({ '/api/forms/contact': { status: 200, body: { success: false } } });
    render(<DynamicForm definition={contactForm} />);
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ann');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Something went wrong. Plase try again later.')).toBeInTheDocument();
  });

  it('says "Submission failed" when the network fails, and clears the message after 5 s', async () => {
    jest.useFakeTimers();
    try {
      installFakeFetch({ '/api/forms/contact': { networkError: true } });
      const user = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
      render(<DynamicForm definition={contactForm} />);
      await fillValidContact(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(await screen.findByText('Submission failed')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(4900));
      expect(screen.getByText('Submission failed')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByText('Submission failed')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('disables submit while sending', async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    const user = userEvent.setup({ delay: null });
    render(<DynamicForm definition={contactForm} />);
    await fillValidContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Send Message/ })).toBeDisabled());
    await act(async () => answer(fakeResponse({ status: 201, body: { success: true, message: 'ok' } })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
  });

  describe('analytics (§7)', () => {
    const events = () => (window.dataLayer ?? []) as Record<string, unknown>[];
    beforeEach(() => {
      window.dataLayer = [];
      document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
    });

    it('pushes nothing before the shopper accepts cookies, nor after rejecting them', async () => {
      installFakeFetch({});
      const user = userEvent.setup({ delay: null });
      render(<DynamicForm definition={contactForm} />);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      act(() => storeCookieConsent('rejectAll'));
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(events()).toEqual([]);
    });

    it('pushes form_submit_click with the form name on every submit click once cookies are accepted, valid or not', async () => {
      installFakeFetch({});
      act(() => storeCookieConsent('acceptAll'));
      const user = userEvent.setup({ delay: null });
      render(<DynamicForm definition={contactForm} />);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(events()).toEqual([{ event: 'form_submit_click', formName: 'contact', visitorType: 'Guest', customerType: 'General' }]);
    });

    it('also pushes kitchen_form_click for the free kitchen design form', async () => {
      installFakeFetch({});
      act(() => storeCookieConsent('acceptAll'));
      const user = userEvent.setup({ delay: null });
      render(<DynamicForm definition={{ ...contactForm, name: 'free-kitchen-design' }} />);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(events().map((entry) => entry.event)).toEqual(['form_submit_click', 'kitchen_form_click']);
      expect(events()[1]).toMatchObject({ formName: 'free-kitchen-design', visitorType: 'Guest' });
    });
  });

  it('calls onSuccess once the server accepted the submission, not on a failure', async () => {
    installFakeFetch({ '/api/forms/contact': { status: 201, body: { success: true, message: 'ok' } } });
    const onSuccess = jest.fn();
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<DynamicForm definition={contactForm} onSuccess={onSuccess} />);
    await fillValidContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    unmount();

    installFakeFetch({ '/api/forms/contact': { status: 200, body: { success: false } } });
    render(<DynamicForm definition={contactForm} onSuccess={onSuccess} />);
    await fillValidContact(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Something went wrong. Plase try again later.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  describe('messages.showOverlay', () => {
    const overlayForm: FormDefinition = { ...contactForm, messages: { ...contactForm.messages, showOverlay: true } };

    it('shows the success in a modal dialog named by its heading, with focus in it; Escape closes it and focus returns to Send', async () => {
      installFakeFetch({ '/api/forms/contact': { status: 201, body: { success: true, message: 'Thanks, we will call you.', data: { id: 'abc' } } } });
      const user = userEvent.setup({ delay: null });
      render(<DynamicForm definition={overlayForm} />);
      await fillValidContact(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));

      const dialog = await screen.findByRole('dialog', { name: 'Thank you' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      // the form's configured message, else the spec's default (submit-form.ts decides)
      expect(dialog).toHaveTextContent('Thank you! We have received your message. Our Team will contact you soon.');
      expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
      // not inline as well
      expect(document.querySelector('.sf-alert')).toBeNull();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send Message' })).toHaveFocus();
    });

    it('shows a refusal in the dialog too, and the Close button closes it', async () => {
      installFakeFetch({ '/api/forms/contact': { status: 500, body: { message: 'Internal server error' } } });
      const user = userEvent.setup({ delay: null });
      render(<DynamicForm definition={overlayForm} />);
      await fillValidContact(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));

      const dialog = await screen.findByRole('dialog', { name: 'Your form was not sent' });
      expect(dialog.textContent).not.toBe('');
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send Message' })).toHaveFocus();
    });
  });
});
