import { ESTIMATOR_MESSAGES } from '@storefront/contracts';
import { calculateEstimate } from '@storefront/estimator-pricing';
import { installFakeFetch } from '@storefront/ui/testing';
import { kitchenEstimator } from '../test-support/kitchen-estimator.fixture.js';
import { estimateSubmission, failureMessage, sendEstimate } from './estimate-submission.js';

const { template, pricing } = kitchenEstimator;
const values = { kitchenSize: 'small', cabinetLine: 'shaker', appliances: 'standard', fullName: 'Ann Lee', email: 'ann@example.com', phone: '7325550148' };
const price = calculateEstimate(template, pricing, values);

describe('estimateSubmission', () => {
  it('e-mail: the values, the template notifications and metadata, the total and the rows shown', () => {
    expect(estimateSubmission(template, values, price, 'email')).toEqual({
      name: 'kitchen',
      formData: values,
      emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'kitchen-estimate' },
      metadata: { source: 'estimator' },
      totalPrice: { min: 11900, max: 18700 },
      summary: [
        { label: 'Cabinets', value: '$10,000 - $15,000' },
        { label: 'Products', value: '$9,000 - $14,000' },
        { label: 'Labor', value: '$2,900 - $4,700' },
        { label: 'Total', value: '$11,900 - $18,700' },
      ],
    });
  });

  it('PDF: the same without any e-mail notification settings', () => {
    const submission = estimateSubmission(template, values, price, 'print');
    expect(submission).not.toHaveProperty('emailNotifications');
    expect(submission.totalPrice).toEqual({ min: 11900, max: 18700 });
  });
});

describe('sendEstimate', () => {
  it('POSTs JSON to the template name with the Idempotency-Key', async () => {
    const fetchMock = installFakeFetch({ '/api/forms/kitchen': { body: { success: true, message: 'Saved', data: { id: 'abc', totalPrice: { min: 1, max: 2 } } } } });
    const outcome = await sendEstimate(estimateSubmission(template, values, price, 'email'), 'key-12345678');
    expect(outcome).toEqual({ kind: 'sent', data: { id: 'abc', totalPrice: { min: 1, max: 2 } } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/forms/kitchen');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-12345678' });
    expect(JSON.parse(String(init.body)).formData).toEqual(values);
  });

  it('reads success false, a 400 with field errors and a non-JSON answer as rejected', async () => {
    installFakeFetch({
      '/api/forms/kitchen': [
        { body: { success: false, message: 'Mail server down' } },
        { status: 400, body: { success: false, message: 'Invalid', errors: { email: 'Invalid email address', x: 3 } } },
        { status: 502 },
      ],
    });
    const submission = estimateSubmission(template, values, price, 'email');
    expect(await sendEstimate(submission, 'k1-000000')).toEqual({ kind: 'rejected', message: 'Mail server down', fieldErrors: {} });
    expect(await sendEstimate(submission, 'k2-000000')).toEqual({ kind: 'rejected', message: 'Invalid', fieldErrors: { email: 'Invalid email address' } });
    expect(await sendEstimate(submission, 'k3-000000')).toEqual({ kind: 'rejected', message: undefined, fieldErrors: {} });
  });

  it('reads a dropped connection as network', async () => {
    installFakeFetch({ '/api/forms/kitchen': { networkError: true } });
    expect(await sendEstimate(estimateSubmission(template, values, price, 'email'), 'k-0000000')).toEqual({ kind: 'network' });
  });
});

describe('failureMessage', () => {
  it('words failures as spec §8 does', () => {
    expect(failureMessage('email', { kind: 'rejected', message: 'Mail server down', fieldErrors: {} })).toBe(ESTIMATOR_MESSAGES.emailFailed);
    expect(failureMessage('email', { kind: 'network' })).toBe('Submission failed');
    expect(failureMessage('print', { kind: 'rejected', message: 'Too many requests', fieldErrors: {} })).toBe('Too many requests');
    expect(failureMessage('print', { kind: 'rejected', fieldErrors: {} })).toBe('Failed to download PDF');
    expect(failureMessage('print', { kind: 'network' })).toBe('Failed to download PDF');
  });
});
