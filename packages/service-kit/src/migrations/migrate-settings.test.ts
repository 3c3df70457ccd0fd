import { EnvConfigError } from '../env-config.js';
import { parseMigrateArgs } from './migrate-command.js';
import { readMigrationsAtStart, readMigrationsDatabaseUrl } from './migration-settings.js';

describe('MIGRATIONS_AT_START', () => {
  it('runs at start outside production (npm start, tests) and checks in production, unless set', () => {
    expect(readMigrationsAtStart({})).toBe('run');
    expect(readMigrationsAtStart({ NODE_ENV: 'production' })).toBe('check');
    expect(readMigrationsAtStart({ MIGRATIONS_AT_START: 'check' })).toBe('check');
    expect(readMigrationsAtStart({ NODE_ENV: 'production', MIGRATIONS_AT_START: ' Run ' })).toBe('run');
    expect(() => readMigrationsAtStart({ MIGRATIONS_AT_START: 'yes' })).toThrow(new EnvConfigError('Invalid configuration: MIGRATIONS_AT_START must be run or check (got "yes")'));
  });
});

describe("the migrate command's database", () => {
  const direct = 'postgres://migrator:pw@db:5432/storefront';
  const pooled = 'postgres://app:pw@pgbouncer:6432/storefront';

  it('is MIGRATIONS_DATABASE_URL, else DATABASE_URL, else the embedded database of npm start (never in production)', () => {
    expect(readMigrationsDatabaseUrl({ MIGRATIONS_DATABASE_URL: direct, DATABASE_URL: pooled })).toBe(direct);
    expect(readMigrationsDatabaseUrl({ DATABASE_URL: pooled })).toBe(pooled);
    expect(readMigrationsDatabaseUrl({ EMBEDDED_PG_PORT: '54999' })).toBe('postgres://postgres:password@127.0.0.1:54999/storefront');
    expect(() => readMigrationsDatabaseUrl({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required/);
    expect(() => readMigrationsDatabaseUrl({ MIGRATIONS_DATABASE_URL: 'mysql://a:b@db/x' })).toThrow('MIGRATIONS_DATABASE_URL must use postgres: or postgresql: (got "mysql:")');
  });
});

describe('the command line', () => {
  it('takes one command, --json with status only; anything else is bad usage', () => {
    expect(parseMigrateArgs(['up'])).toEqual({ command: 'up', json: false });
    expect(parseMigrateArgs(['status', '--json'])).toEqual({ command: 'status', json: true });
    expect(parseMigrateArgs(['revert-last'])).toEqual({ command: 'revert-last', json: false });
    expect(parseMigrateArgs(['--help'])).toEqual({ help: true });
    expect(parseMigrateArgs([])).toEqual({ error: 'Which command? up, status or revert-last' });
    expect(parseMigrateArgs(['down'])).toEqual({ error: 'Unknown command "down": up, status or revert-last' });
    expect(parseMigrateArgs(['up', 'status'])).toEqual({ error: 'One command at a time (got up status)' });
    expect(parseMigrateArgs(['up', '--json'])).toEqual({ error: '--json goes with status only' });
  });
});
