import { settingsProblems } from '@storefront/service-kit';
import { readEmailConfig } from './email-config.js';
import { ORDERS_JOBS_SCHEMA, ordersJobsSettings, outboxMessageId } from './email-jobs.js';

describe('the e-mail job settings', () => {
  it('are sound by default and take EMAIL_* from the environment', () => {
    expect(ORDERS_JOBS_SCHEMA).toBe('orders_jobs');
    expect(settingsProblems(ORDERS_JOBS_SCHEMA, ordersJobsSettings(readEmailConfig({})))).toEqual([]);
    // the outbox schedules every retry and keeps the dead letters: pg-boss neither retries nor dead-letters an e-mail job
    expect(ordersJobsSettings(readEmailConfig({ EMAIL_WORKER_ENABLED: 'false', EMAIL_POLL_INTERVAL_MS: '200', EMAIL_RETRY_DELAY_SECONDS: '1' }))).toEqual({
      workersEnabled: false,
      pollIntervalMs: 200,
      queues: {
        email: { retryLimit: 0, expireInSeconds: 120, deadLetters: false },
        'email-sweep': { retryLimit: 0, expireInSeconds: 60, policy: 'stately', deadLetters: false },
        'account-cleanup': { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 300, policy: 'singleton' },
        // forgot-password's work, queued so a known and an unknown e-mail answer in the same time
        'password-reset-request': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 60 },
      },
    });
  });
});

describe('outboxMessageId', () => {
  it('is the outbox row id on the From domain, lower-cased', () => {
    expect(outboxMessageId('6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'orders@Heartwood.example')).toBe('<outbox-6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b@heartwood.example>');
  });

  it('falls back to localhost without a usable From domain', () => {
    expect(outboxMessageId('6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'nobody')).toBe('<outbox-6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b@localhost>');
  });
});
