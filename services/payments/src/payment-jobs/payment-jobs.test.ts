import { retryWindowSeconds, settingsProblems } from '@storefront/service-kit';
import { PAYMENTS_JOBS_SCHEMA, PAYMENT_JOB_DEFAULTS, paymentsJobsSettings, readPaymentJobsConfig } from './payment-jobs.js';

describe('payment jobs settings', () => {
  it('defaults to settings the job runner accepts, in schema payments_jobs', () => {
    expect(PAYMENTS_JOBS_SCHEMA).toBe('payments_jobs');
    expect(readPaymentJobsConfig({})).toEqual(PAYMENT_JOB_DEFAULTS);
    expect(settingsProblems(PAYMENTS_JOBS_SCHEMA, paymentsJobsSettings(readPaymentJobsConfig({})))).toEqual([]);
  });

  it('keeps retrying a report through an orders outage of a day', () => {
    const { retryDelaySeconds, retryLimit } = paymentsJobsSettings(PAYMENT_JOB_DEFAULTS).queues['payment-report'];
    const { min } = retryWindowSeconds(retryDelaySeconds, retryLimit);
    expect(min).toBeGreaterThan(24 * 3600);
  });

  it('reads the environment and names a bad value', () => {
    expect(readPaymentJobsConfig({ PAYMENTS_RECONCILE_CRON: '*/5 * * * *', PAYMENT_REPORT_DELAY_SECONDS: '0' })).toMatchObject({
      reconcileCron: '*/5 * * * *',
      reportDelaySeconds: 0,
    });
    expect(() => readPaymentJobsConfig({ PAYMENTS_RECONCILE_CRON: 'every minute' })).toThrow(/PAYMENTS_RECONCILE_CRON must be a 5-field cron expression/);
    expect(() => readPaymentJobsConfig({ PAYMENT_REPORT_RETRY_LIMIT: '99' })).toThrow(/PAYMENT_REPORT_RETRY_LIMIT/);
  });
});
