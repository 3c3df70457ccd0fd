import { retryWindowSeconds, settingsProblems } from '@storefront/service-kit';
import { FORMS_JOBS_SCHEMA, formsJobsSettings } from './form-jobs.js';
import { readNotificationsConfig } from './notifications-config.js';

describe('the form e-mail job settings', () => {
  it('retry a day-long orders outage before dead-lettering, by default', () => {
    const settings = formsJobsSettings(readNotificationsConfig({}));
    expect(FORMS_JOBS_SCHEMA).toBe('forms_jobs');
    expect(settingsProblems(FORMS_JOBS_SCHEMA, settings)).toEqual([]);
    const queue = settings.queues['form-notification'];
    expect(retryWindowSeconds(queue.retryDelaySeconds, queue.retryLimit).min).toBeGreaterThanOrEqual(24 * 3600);
    expect(settings).toMatchObject({ workersEnabled: true, pollIntervalMs: 1000 });
  });

  it('take FORM_EMAIL_* from the environment', () => {
    const settings = formsJobsSettings(
      readNotificationsConfig({ FORM_EMAIL_WORKER_ENABLED: 'false', FORM_EMAIL_POLL_INTERVAL_MS: '500', FORM_EMAIL_RETRY_LIMIT: '5', FORM_EMAIL_RETRY_DELAY_SECONDS: '1' }),
    );
    expect(settings).toEqual({
      workersEnabled: false,
      pollIntervalMs: 500,
      queues: { 'form-notification': { retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 150 } },
    });
  });
});
