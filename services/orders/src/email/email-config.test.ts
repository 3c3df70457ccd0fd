import { emailRetryPolicy, readEmailConfig } from './email-config.js';

describe('readEmailConfig', () => {
  it('defaults to the local mailbox, a running worker and retries for 3 days, waiting at most an hour', () => {
    const config = readEmailConfig({});
    expect(config).toEqual({ smtpUrl: '', workerEnabled: true, pollIntervalMs: 1000, retryForHours: 72, retryDelaySeconds: 30, retryMaxDelaySeconds: 3600 });
    expect(emailRetryPolicy(config)).toEqual({ baseDelayMs: 30_000, maxDelayMs: 3_600_000, retryForMs: 72 * 3_600_000 });
  });

  it('reads every variable', () => {
    expect(
      readEmailConfig({
        SMTP_URL: 'smtps://user:secret@mail.example.com:465',
        EMAIL_POLL_INTERVAL_MS: '250',
        EMAIL_RETRY_DELAY_SECONDS: '1',
        EMAIL_RETRY_MAX_DELAY_SECONDS: '2',
        EMAIL_RETRY_FOR_HOURS: '1',
        EMAIL_WORKER_ENABLED: 'false',
      }),
    ).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      pollIntervalMs: 250,
      retryDelaySeconds: 1,
      retryMaxDelaySeconds: 2,
      retryForHours: 1,
      workerEnabled: false,
    });
  });

  it('names every bad variable at once, without the SMTP password', () => {
    let message = '';
    try {
      readEmailConfig({ SMTP_URL: 'http://user:secret@mail.example.com', EMAIL_RETRY_FOR_HOURS: '0', EMAIL_WORKER_ENABLED: 'maybe' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL must use smtp: or smtps:');
    expect(message).toContain('EMAIL_RETRY_FOR_HOURS must be a whole number between 1 and 720');
    expect(message).toContain('EMAIL_WORKER_ENABLED must be true or false');
    expect(message).not.toContain('secret');
  });

  it('refuses a cap below the first wait', () => {
    expect(() => readEmailConfig({ EMAIL_RETRY_DELAY_SECONDS: '60', EMAIL_RETRY_MAX_DELAY_SECONDS: '30' })).toThrow(
      'EMAIL_RETRY_MAX_DELAY_SECONDS (30) must be at least EMAIL_RETRY_DELAY_SECONDS (60)',
    );
  });

  it("names the former settings and what replaced them", () => {
    expect(() => readEmailConfig({ EMAIL_MAX_ATTEMPTS: '12', EMAIL_RETRY_BASE_MS: '2000', EMAIL_RETRY_LIMIT: '13' })).toThrow(
      'Invalid configuration: EMAIL_RETRY_BASE_MS is no longer read: set EMAIL_RETRY_DELAY_SECONDS (the first retry delay, in seconds); ' +
        'EMAIL_MAX_ATTEMPTS is no longer read: set EMAIL_RETRY_FOR_HOURS (how long a failing e-mail is retried); ' +
        'EMAIL_RETRY_LIMIT is no longer read: set EMAIL_RETRY_FOR_HOURS (how long a failing e-mail is retried; the number of attempts follows from it)',
    );
  });
});
