import { logLevelsFromEnv } from './logger.js';

describe('LOG_LEVEL', () => {
  it('keeps the named level and every more severe one', () => {
    expect(logLevelsFromEnv({ LOG_LEVEL: 'warn' })).toEqual(['fatal', 'error', 'warn']);
    expect(logLevelsFromEnv({})).toEqual(['fatal', 'error', 'warn', 'log']);
  });

  it('refuses a level that does not exist, naming the choices', () => {
    expect(() => logLevelsFromEnv({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, log, debug, verbose (got "loud")');
  });
});
