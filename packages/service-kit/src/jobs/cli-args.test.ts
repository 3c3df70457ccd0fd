import { parseJobsArgs } from './cli-args.js';

const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER = '0b7a8c9d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

describe('parseJobsArgs', () => {
  it('reads list, with or without --json', () => {
    expect(parseJobsArgs(['orders', 'dead-letters', 'list'])).toEqual({ service: 'orders', action: 'list', json: false });
    expect(parseJobsArgs(['forms', 'dead-letters', 'list', '--json'])).toEqual({ service: 'forms', action: 'list', json: true });
  });

  it('reads retry of some ids or of all', () => {
    expect(parseJobsArgs(['orders', 'dead-letters', 'retry', '--id', ID])).toEqual({ service: 'orders', action: 'retry', ids: [ID] });
    expect(parseJobsArgs(['orders', 'dead-letters', 'retry', '--id', ID, '--id', OTHER])).toEqual({ service: 'orders', action: 'retry', ids: [ID, OTHER] });
    expect(parseJobsArgs(['payments', 'dead-letters', 'retry', '--all'])).toEqual({ service: 'payments', action: 'retry', all: true });
  });

  it('says what is wrong, with the usage', () => {
    const error = (argv: string[]) => {
      const result = parseJobsArgs(argv);
      return 'error' in result ? result.error.split('\n')[0] : 'no error';
    };
    expect(error([])).toBe('usage: npm run -s jobs -- <service> dead-letters list [--json]');
    expect(error(['gateway', 'dead-letters', 'list'])).toBe('unknown service "gateway"');
    expect(error(['orders'])).toBe('a command is missing');
    expect(error(['orders', 'jobs', 'list'])).toBe('unknown command "jobs"');
    expect(error(['orders', 'dead-letters'])).toBe('say list or retry');
    expect(error(['orders', 'dead-letters', 'purge'])).toBe('unknown action "purge"');
    expect(error(['orders', 'dead-letters', 'list', '--all'])).toBe('unknown option "--all" for list');
    expect(error(['orders', 'dead-letters', 'retry'])).toBe('retry needs --id <jobId> or --all');
    expect(error(['orders', 'dead-letters', 'retry', '--id'])).toBe('--id needs a job id');
    expect(error(['orders', 'dead-letters', 'retry', '--id', '--all'])).toBe('--id needs a job id');
    expect(error(['orders', 'dead-letters', 'retry', '--id', '42'])).toBe('--id "42" is not a job id (a UUID, as dead-letters list shows it)');
    expect(error(['orders', 'dead-letters', 'retry', '--all', '--id', ID])).toBe('retry takes --id or --all, not both');
    expect(error(['orders', 'dead-letters', 'retry', '--force'])).toBe('unknown option "--force" for retry');
  });
});
