import { settingsProblems } from '@storefront/service-kit';
import { readEmailConfig } from './email-config.js';
import { ORDERS_JOBS_SCHEMA, legacyMessageIdFor, ordersJobsSettings, outboxMessageId } from './email-jobs.js';

describe('the e-mail job settings', () => {
  it('are sound by default and take EMAIL_* from the environment', () => {
    expect(ORDERS_JOBS_SCHEMA).toBe('orders_jobs');
    expect(settingsProblems(ORDERS_JOBS_SCHEMA, ordersJobsSettings(readEmailConfig({})))).toEqual([]);
    // a failed send schedules its own retry; pg-boss's retries are for runs that could not record theirs
    expect(ordersJobsSettings(readEmailConfig({ EMAIL_WORKER_ENABLED: 'false', EMAIL_POLL_INTERVAL_MS: '200', EMAIL_RETRY_DELAY_SECONDS: '1' }))).toEqual({
      workersEnabled: false,
      pollIntervalMs: 200,
      queues: {
        email: { retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 120 },
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

describe('legacyMessageIdFor (rows attempted before the Message-ID was stored)', () => {
  it('is the same for one dedupe key, different for another, on the From domain', () => {
    const first = legacyMessageIdFor('order-confirmation:6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'orders@Heartwood.example');
    expect(first).toMatch(/^<[0-9a-f]{32}@heartwood\.example>$/);
    expect(legacyMessageIdFor('order-confirmation:6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'orders@heartwood.example')).toBe(first);
    expect(legacyMessageIdFor('order-confirmation-admin:6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'orders@heartwood.example')).not.toBe(first);
    expect(first).not.toContain('6f1d2c3b');
  });
});
