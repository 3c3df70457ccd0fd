import { readEmailConfig } from './email-config.js';

describe('readEmailConfig', () => {
  it('defaults to the local mailbox and a running worker', () => {
    expect(readEmailConfig({})).toEqual({ smtpUrl: '', pollIntervalMs: 1000, retryBaseMs: 2000, maxAttempts: 12, workerEnabled: true });
  });

  it('reads every variable', () => {
    expect(
      readEmailConfig({
        SMTP_URL: 'smtps://user:secret@mail.example.com:465',
        EMAIL_POLL_INTERVAL_MS: '250',
        EMAIL_RETRY_BASE_MS: '500',
        EMAIL_MAX_ATTEMPTS: '5',
        EMAIL_WORKER_ENABLED: 'false',
      }),
    ).toEqual({ smtpUrl: 'smtps://user:secret@mail.example.com:465', pollIntervalMs: 250, retryBaseMs: 500, maxAttempts: 5, workerEnabled: false });
  });

  it('names every bad variable at once, without the SMTP password', () => {
    let message = '';
    try {
      readEmailConfig({ SMTP_URL: 'http://user:secret@mail.example.com', EMAIL_MAX_ATTEMPTS: '0', EMAIL_WORKER_ENABLED: 'maybe' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL must use smtp: or smtps:');
    expect(message).toContain('EMAIL_MAX_ATTEMPTS must be a whole number between 1 and 1000');
    expect(message).toContain('EMAIL_WORKER_ENABLED must be true or false');
    expect(message).not.toContain('secret');
  });
});
