import type { JobHandler, JobRunner } from '../jobs/job-runner.js';
import { HOUSEKEEPING_QUEUE, Housekeeping, type HousekeepingJobs, readHousekeepingConfig, withHousekeeping } from './housekeeping.js';

function fakeRunner(queues: string[] = [HOUSEKEEPING_QUEUE], workersEnabled = true) {
  const handlers = new Map<string, JobHandler<object>>();
  const scheduled: [string, string][] = [];
  const unscheduled: string[] = [];
  const runner = {
    schema: 'kit_jobs',
    queueNames: queues,
    workersEnabled,
    handle: (queue: string, handler: JobHandler<object>) => handlers.set(queue, handler),
    schedule: async (queue: string, cron: string) => void scheduled.push([queue, cron]),
    unschedule: async (queue: string) => void unscheduled.push(queue),
  };
  return { runner: runner as unknown as JobRunner<HousekeepingJobs>, handlers, scheduled, unscheduled };
}

describe('readHousekeepingConfig', () => {
  it('runs every 10 minutes and keeps idempotency records 24 hours by default', () => {
    expect(readHousekeepingConfig({})).toEqual({ cron: '*/10 * * * *', idempotencyTtlHours: 24 });
    expect(readHousekeepingConfig({ HOUSEKEEPING_CRON: '0 * * * *', IDEMPOTENCY_TTL_HOURS: '48' })).toEqual({ cron: '0 * * * *', idempotencyTtlHours: 48 });
  });

  it('refuses a cron that is not 5 fields and a TTL below an hour', () => {
    expect(() => readHousekeepingConfig({ HOUSEKEEPING_CRON: 'hourly' })).toThrow(/HOUSEKEEPING_CRON/);
    expect(() => readHousekeepingConfig({ IDEMPOTENCY_TTL_HOURS: '0' })).toThrow(/IDEMPOTENCY_TTL_HOURS/);
  });
});

describe('withHousekeeping', () => {
  it("adds the housekeeping queue to a service's queues and refuses a service queue of that name", () => {
    const settings = withHousekeeping({ workersEnabled: false, queues: { email: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 10 } } });
    expect(Object.keys(settings.queues)).toEqual(['email', HOUSEKEEPING_QUEUE]);
    expect(settings.workersEnabled).toBe(false);
    expect(() => withHousekeeping({ queues: { [HOUSEKEEPING_QUEUE]: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 10 } } })).toThrow(/service-kit/);
  });
});

describe('Housekeeping', () => {
  const config = { cron: '*/10 * * * *', idempotencyTtlHours: 24 };

  it('needs the housekeeping queue on the runner', () => {
    expect(() => new Housekeeping(fakeRunner(['email']).runner, config)).toThrow(/withHousekeeping/);
  });

  it('runs every task, reports what each removed, and fails the run (to retry) when one failed, after the others ran', async () => {
    const { runner, handlers } = fakeRunner();
    const housekeeping = new Housekeeping(runner, config);
    const ran: string[] = [];
    housekeeping.add({ name: 'a', run: async () => (ran.push('a'), 2) });
    housekeeping.add({ name: 'broken', run: async () => Promise.reject(new Error('disk gone')) });
    housekeeping.add({ name: 'c', run: async () => (ran.push('c'), 0) });
    expect(() => housekeeping.add({ name: 'a', run: async () => 0 })).toThrow(/already/);
    const signal = new AbortController().signal;
    await expect(handlers.get(HOUSEKEEPING_QUEUE)!({}, { signal } as never)).rejects.toThrow(/broken: disk gone/);
    expect(ran).toEqual(['a', 'c']);
  });

  it('schedules itself where workers run, and unschedules when it has nothing to do', async () => {
    const busy = fakeRunner();
    const housekeeping = new Housekeeping(busy.runner, config);
    housekeeping.add({ name: 'a', run: async () => 0 });
    await housekeeping.onApplicationBootstrap();
    expect(busy.scheduled).toEqual([[HOUSEKEEPING_QUEUE, '*/10 * * * *']]);

    const idle = fakeRunner();
    await new Housekeeping(idle.runner, config).onApplicationBootstrap();
    expect(idle.unscheduled).toEqual([HOUSEKEEPING_QUEUE]);

    const noWorkers = fakeRunner([HOUSEKEEPING_QUEUE], false);
    const elsewhere = new Housekeeping(noWorkers.runner, config);
    elsewhere.add({ name: 'a', run: async () => 0 });
    await elsewhere.onApplicationBootstrap();
    expect(noWorkers.scheduled).toEqual([]);
  });
});
