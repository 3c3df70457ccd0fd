import type { FormDefinition } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { SubmissionKeys, newIdempotencyKey, separateFiles, submissionBody, submitForm } from './submit-form.js';

const definition: FormDefinition = {
  name: 'claim',
  fields: [],
  buttons: { submit: 'Send' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'claim-received' },
  metadata: { source: 'claim-page' },
};

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('submissionBody', () => {
  it('is JSON when no value is a file', () => {
    const body = submissionBody({ name: 'contact', formData: { email: 'ann@example.com', photos: [] } });
    expect(body).not.toBeInstanceOf(FormData);
    expect(body).toEqual({ name: 'contact', formData: { email: 'ann@example.com', photos: [] } });
  });

  it('is multipart with text parts, JSON parts and one part per file, files taken out of formData', () => {
    const body = submissionBody({
      name: 'claim',
      id: 'sub-1',
      recaptchaToken: 'tok',
      formData: { orderNumber: 'HW-1', photos: [photo('a.jpg'), photo('b.jpg')], address: { plan: photo('plan.jpg'), city: 'Newark' } },
      metadata: { source: 'claim-page' },
      emailNotifications: { sendSuccessEmail: true },
      totalPrice: { min: 1, max: 2 },
      summary: [{ label: 'Rooms', value: '1' }],
    });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('claim');
    expect(form.get('id')).toBe('sub-1');
    expect(form.get('recaptchaToken')).toBe('tok');
    expect(JSON.parse(String(form.get('formData')))).toEqual({ orderNumber: 'HW-1', address: { city: 'Newark' } });
    expect(JSON.parse(String(form.get('metadata')))).toEqual({ source: 'claim-page' });
    expect(JSON.parse(String(form.get('emailNotifications')))).toEqual({ sendSuccessEmail: true });
    expect(JSON.parse(String(form.get('totalPrice')))).toEqual({ min: 1, max: 2 });
    expect(JSON.parse(String(form.get('summary')))).toEqual([{ label: 'Rooms', value: '1' }]);
    expect(form.getAll('photos').map((file) => (file as File).name)).toEqual(['a.jpg', 'b.jpg']);
    expect((form.get('address.plan') as File).name).toBe('plan.jpg');
    expect([...form.keys()]).not.toContain('undefined');
  });

  it('leaves parts without a value out', () => {
    const form = submissionBody({ name: 'claim', formData: { photos: [photo('a.jpg')] } }) as FormData;
    expect([...new Set(form.keys())].sort()).toEqual(['formData', 'name', 'photos']);
  });
});

describe('separateFiles', () => {
  it('keeps non-file values where they were', () => {
    expect(separateFiles({ a: 'x', b: ['k'], c: false }).data).toEqual({ a: 'x', b: ['k'], c: false });
  });
});

describe('Idempotency-Key', () => {
  it('is a v4 UUID, also without crypto.randomUUID (pages served over plain http)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('is reused for the same values (a double click) and new for other values or after a success', () => {
    const keys = new SubmissionKeys();
    const chosen = photo('a.jpg');
    const first = keys.keyFor({ email: 'ann@example.com', photos: [chosen] });
    expect(keys.keyFor({ email: 'ann@example.com', photos: [chosen] })).toBe(first);
    const other = keys.keyFor({ email: 'bob@example.com' });
    expect(other).not.toBe(first);
    keys.settled();
    expect(keys.keyFor({ email: 'bob@example.com' })).not.toBe(other);
  });

  it('is sent with the JSON submission', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/claim': { status: 201, body: { success: true, message: 'ok', data: { id: 'id-7' } } } });
    const outcome = await submitForm(definition, { orderNumber: 'HW-1' }, { idempotencyKey: 'key-1' });
    expect(outcome).toEqual({ kind: 'success', message: 'Thank you! We have received your message. Our Team will contact you soon.', html: false, id: 'id-7' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'key-1', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toMatchObject({ emailNotifications: definition.emailNotifications, metadata: { source: 'claim-page' } });
  });
});

describe('the account registration (actions.submit "account-registration")', () => {
  const registration: FormDefinition = {
    name: 'registration',
    fields: [],
    buttons: { submit: 'Create Account' },
    messages: { success: '<p>Thank you for registering!</p>' },
    emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'registration-received' },
    metadata: { source: 'register-page' },
    actions: { submit: 'account-registration' },
  };
  const values = { firstName: 'Ann', email: 'ann@example.com', password: 'correct horse battery' };

  it("sends the forms endpoint's body as JSON to POST /api/my-account/register, with the Idempotency-Key, and not to the forms service", async () => {
    const fetchMock = installFakeFetch({
      '/api/my-account/register': { status: 201, body: { success: true, message: 'Welcome, Ann! Your account is ready.', data: { customerId: 'c-1', user: {} } } },
    });
    const outcome = await submitForm(registration, values, { idempotencyKey: 'key-9', recaptchaToken: 'captcha-1' });
    expect(outcome).toEqual({ kind: 'success', message: '<p>Thank you for registering!</p>', html: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/my-account/register');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'key-9', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'registration',
      formData: values,
      emailNotifications: registration.emailNotifications,
      metadata: { source: 'register-page' },
      recaptchaToken: 'captcha-1',
    });
  });

  it("words a success without a configured message with the answer's message, else the default", async () => {
    const unworded: FormDefinition = { ...registration, messages: {} };
    installFakeFetch({ '/api/my-account/register': [
      { status: 201, body: { success: true, message: 'Welcome, Ann!', data: { customerId: 'c-1', user: {} } } },
      { status: 201, body: { success: true, data: { customerId: 'c-1', user: {} } } },
    ] });
    expect(await submitForm(unworded, values)).toEqual({ kind: 'success', message: 'Welcome, Ann!', html: false });
    expect(await submitForm(unworded, values)).toEqual({ kind: 'success', message: 'Thank you! We have received your message. Our Team will contact you soon.', html: false });
  });

  it("gives the server's field errors back by field (an e-mail that already has an account)", async () => {
    const taken = 'An account with this email already exists. Please sign in or reset your password.';
    installFakeFetch({ '/api/my-account/register': { status: 400, body: { success: false, message: 'Please correct the highlighted fields.', errors: { email: taken } } } });
    expect(await submitForm(registration, values)).toEqual({
      kind: 'error',
      message: 'Please correct the highlighted fields.',
      fieldErrors: { email: taken },
      answered: true,
    });
  });

  it('says "Submission failed" when no answer comes', async () => {
    installFakeFetch({}, { unknownUrl: 'network-error' });
    expect(await submitForm(registration, values)).toMatchObject({ kind: 'error', answered: false });
  });
});
