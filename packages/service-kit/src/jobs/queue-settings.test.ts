import { deadLetterQueueOf, failureMessage, handlerTimeoutMs, jobsSchemaOf, retryWindowSeconds, settingsProblems } from './queue-settings.js';

describe('retryWindowSeconds', () => {
  it("adds up pg-boss's doubling delays: between every jitter at 0 and every jitter at 1", () => {
    // retries wait 10, 20, 40 s (up to twice that with jitter)
    expect(retryWindowSeconds(10, 3)).toEqual({ min: 70, max: 140 });
    expect(retryWindowSeconds(10, 0)).toEqual({ min: 0, max: 0 });
  });

  it('counts a delay of 0 as 1 second and stops doubling after 16 doublings, as pg-boss does', () => {
    expect(retryWindowSeconds(0, 2)).toEqual({ min: 3, max: 6 });
    expect(retryWindowSeconds(1, 17).min - retryWindowSeconds(1, 16).min).toBe(2 ** 15);
  });
});

describe('handlerTimeoutMs', () => {
  it('ends an attempt a little before pg-boss would count it expired', () => {
    expect(handlerTimeoutMs(120)).toBe(115_000);
    expect(handlerTimeoutMs(10)).toBe(9_000);
    expect(handlerTimeoutMs(1)).toBe(900);
  });
});

describe('names', () => {
  it("puts a service's jobs in <service>_jobs and a queue's dead letters in <queue>.dead-letter", () => {
    expect(jobsSchemaOf('orders')).toBe('orders_jobs');
    expect(deadLetterQueueOf('email')).toBe('email.dead-letter');
  });
});

describe('settingsProblems', () => {
  const email = { retryLimit: 13, retryDelaySeconds: 15, expireInSeconds: 120 };

  it('accepts sound settings', () => {
    expect(settingsProblems('orders_jobs', { queues: { email, 'payment-report': { ...email, concurrency: 2, retentionDays: 30 } } })).toEqual([]);
  });

  it('needs no retry delay for a queue that is not retried (its owner retries its work)', () => {
    expect(settingsProblems('orders_jobs', { queues: { email: { retryLimit: 0, expireInSeconds: 120, deadLetters: false } } })).toEqual([]);
    expect(settingsProblems('orders_jobs', { queues: { email: { retryLimit: 2, expireInSeconds: 120 } } })).toEqual([
      'queue "email": retryDelaySeconds must be a whole number of at least 1',
    ]);
  });

  it('names every problem', () => {
    expect(
      settingsProblems('Orders-Jobs', {
        queues: {
          'Bad.Name': email,
          broken: { retryLimit: -1, retryDelaySeconds: 0, expireInSeconds: 0.5, concurrency: 0, retentionDays: 0 },
        },
      }),
    ).toEqual([
      'job schema "Orders-Jobs" must match /^[a-z_][a-z0-9_]{0,49}$/',
      'queue "Bad.Name" must match /^[a-z][a-z0-9-]{0,60}$/ (the dead letters get ".dead-letter")',
      'queue "broken": retryLimit must be a whole number of at least 0',
      'queue "broken": retryDelaySeconds must be a whole number of at least 1',
      'queue "broken": expireInSeconds must be a whole number of at least 1',
      'queue "broken": concurrency must be a whole number of at least 1',
      'queue "broken": retentionDays must be a whole number of at least 1',
    ]);
    expect(settingsProblems('forms_jobs', { queues: {} })).toEqual(['declare at least one queue']);
  });

  it('refuses retries that outlast the retention (pg-boss would archive the job unrun, not dead-letter it)', () => {
    expect(settingsProblems('orders_jobs', { queues: { email: { ...email, retryLimit: 16, retryDelaySeconds: 60 } } })).toEqual([
      'queue "email": retries may go on for 2185 hours, past its retention of 14 days; retry less or keep jobs longer',
    ]);
  });
});

describe('failureMessage', () => {
  it("reads the error of a failed attempt and pg-boss's own timeout note", () => {
    expect(failureMessage({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:25', stack: '...' })).toBe('connect ECONNREFUSED 127.0.0.1:25');
    expect(failureMessage({ value: { message: 'job failed by timeout in active state' } })).toBe('job failed by timeout in active state');
    expect(failureMessage({ value: 'plain' })).toBe('plain');
    expect(failureMessage(null)).toBeNull();
    expect(failureMessage({})).toBeNull();
  });
});
