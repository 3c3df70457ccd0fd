import { retryWindowSeconds } from '@storefront/service-kit';
import { readEmailConfig } from './email-config.js';

describe('readEmailConfig', () => {
  it('defaults to the local mailbox, a running worker and retries for more than a day', () => {
    const config = readEmailConfig({});
    expect(config).toEqual({ smtpUrl: '', workerEnabled: true, pollIntervalMs: 1000, retryLimit: 13, retryDelaySeconds: 15 });
    expect(retryWindowSeconds(config.retryDelaySeconds, config.retryLimit).min).toBeGreaterThanOrEqual(24 * 3600);
  });

  it('reads every variable', () => {
    expect(
      readEmailConfig({
        SMTP_URL: 'smtps://user:secret@mail.example.com:465',
        EMAIL_POLL_INTERVAL_MS: '250',
        EMAIL_RETRY_DELAY_SECONDS: '1',
        EMAIL_RETRY_LIMIT: '2',
        EMAIL_WORKER_ENABLED: 'false',
      }),
    ).toEqual({ smtpUrl: 'smtps://user:secret@mail.example.com:465', pollIntervalMs: 250, retryDelaySeconds: 1, retryLimit: 2, workerEnabled: false });
  });

  it('names every bad variable at once, without the SMTP password', () => {
    let message = '';
    try {
      readEmailConfig({ SMTP_URL: 'http://user:secret@mail.example.com', EMAIL_RETRY_LIMIT: '-1', EMAIL_WORKER_ENABLED: 'maybe' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL must use smtp: or smtps:');
    expect(message).toContain('EMAIL_RETRY_LIMIT must be a whole number between 0 and 16');
    expect(message).toContain('EMAIL_WORKER_ENABLED must be true or false');
    expect(message).not.toContain('secret');
  });

  it("names the former worker's variables and what replaced them", () => {
    expect(() => readEmailConfig({ EMAIL_MAX_ATTEMPTS: '12', EMAIL_RETRY_BASE_MS: '2000' })).toThrow(
      'Invalid configuration: EMAIL_RETRY_BASE_MS is no longer read: set EMAIL_RETRY_DELAY_SECONDS (the first retry delay, in seconds); ' +
        'EMAIL_MAX_ATTEMPTS is no longer read: set EMAIL_RETRY_LIMIT (retries after the first attempt)',
    );
  });
});
