import { EnvConfigError, databaseUrl, integer, port, readEnvConfig, redactUrl, text, url } from './env-config.js';

describe('readEnvConfig', () => {
  it('uses defaults for unset or blank variables', () => {
    expect(
      readEnvConfig({ listen: port('PORT', 8080), name: text('NAME', 'shop'), tries: integer('TRIES', 3) }, { NAME: ' ' }),
    ).toEqual({ listen: 8080, name: 'shop', tries: 3 });
  });

  it('reads and validates values', () => {
    expect(
      readEnvConfig(
        { listen: port('PORT', 8080), upstream: url('UPSTREAM', 'http://127.0.0.1:1') },
        { PORT: '9000', UPSTREAM: 'http://content:4101/' },
      ),
    ).toEqual({ listen: 9000, upstream: 'http://content:4101' });
  });

  it('lists every bad variable in one error', () => {
    const read = () =>
      readEnvConfig(
        { listen: port('PORT', 8080), upstream: url('UPSTREAM', undefined), tries: integer('TRIES', 3, 1, 5) },
        { PORT: '80a', TRIES: '9' },
      );
    expect(read).toThrow(EnvConfigError);
    expect(read).toThrow(
      'Invalid configuration: PORT must be a port number between 1 and 65535 (got "80a"); UPSTREAM is required; ' +
        'TRIES must be a whole number between 1 and 5 (got "9")',
    );
    expect(() => read()).toThrow(
      expect.objectContaining({
        problems: [
          { variable: 'PORT', problem: 'PORT must be a port number between 1 and 65535 (got "80a")' },
          { variable: 'UPSTREAM', problem: 'UPSTREAM is required' },
          { variable: 'TRIES', problem: 'TRIES must be a whole number between 1 and 5 (got "9")' },
        ],
      }),
    );
  });

  it('keeps a hand-made error as one problem without a variable', () => {
    expect(new EnvConfigError('Invalid configuration: X and Y are set').problems).toEqual([{ problem: 'X and Y are set' }]);
  });

  it('accepts site paths only where allowed', () => {
    expect(readEnvConfig({ u: url('U', undefined, { allowPath: true }) }, { U: '/remotes/x.json' })).toEqual({
      u: '/remotes/x.json',
    });
    expect(() => readEnvConfig({ u: url('U', undefined) }, { U: '/remotes/x.json' })).toThrow('U must be a URL');
  });
});

describe('databaseUrl', () => {
  it('explains how to get a database when DATABASE_URL is missing', () => {
    expect(() => readEnvConfig({ db: databaseUrl() }, {})).toThrow(/DATABASE_URL is required.*npm start/);
  });

  it('rejects other protocols and URLs without a database, without printing the password', () => {
    expect(() => readEnvConfig({ db: databaseUrl() }, { DATABASE_URL: 'mysql://a:b@h/db' })).toThrow(
      'DATABASE_URL must use postgres: or postgresql:',
    );
    expect(() => readEnvConfig({ db: databaseUrl() }, { DATABASE_URL: 'postgres://u:secret@host:5432' })).toThrow(
      'DATABASE_URL must name a host and a database (got "postgres://u:***@host:5432")',
    );
  });

  it('accepts a PostgreSQL URL', () => {
    const db = 'postgres://postgres:pw@127.0.0.1:54329/storefront';
    expect(readEnvConfig({ db: databaseUrl() }, { DATABASE_URL: db })).toEqual({ db });
  });
});

describe('redactUrl', () => {
  it('hides passwords', () => {
    expect(redactUrl('postgres://user:pa:ss@host/db')).toBe('postgres://user:***@host/db');
  });
});
