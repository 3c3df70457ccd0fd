import { QueryFailedError } from 'typeorm';
import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, UNSTORABLE_TEXT_MESSAGE, databaseTimeoutCode, toApiErrorBody } from './api-errors.js';

/** A TypeORM QueryFailedError as a pg error with `code` makes it. */
function queryFailed(code: string, message: string): QueryFailedError {
  return new QueryFailedError('UPDATE thing SET n = n + 1', [], Object.assign(new Error(message), { code }));
}

describe('database bounds as API errors', () => {
  it('answers a lock wait or statement past its bound with a retryable 503, never a 500', () => {
    for (const error of [queryFailed('55P03', 'canceling statement due to lock timeout'), queryFailed('57014', 'canceling statement due to statement timeout')]) {
      expect(toApiErrorBody(error)).toEqual({ success: false, statusCode: 503, message: DATABASE_BUSY_MESSAGE, errorType: 'databaseBusy' });
    }
    // node-postgres's own error (a raw pg client) carries the code itself
    expect(databaseTimeoutCode(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }))).toBe('55P03');
  });

  it('leaves other database errors a 500 with the fixed message', () => {
    expect(toApiErrorBody(queryFailed('23505', 'duplicate key value violates unique constraint'))).toEqual({
      success: false,
      statusCode: 500,
      message: 'Internal server error',
    });
    expect(databaseTimeoutCode(undefined)).toBeUndefined();
  });

  it('answers text PostgreSQL cannot store (a NUL character) with a 400 that says so', () => {
    for (const error of [queryFailed('22021', 'invalid byte sequence for encoding "UTF8": 0x00'), queryFailed('22P05', 'unsupported Unicode escape sequence')]) {
      expect(toApiErrorBody(error)).toEqual({ success: false, statusCode: 400, message: UNSTORABLE_TEXT_MESSAGE });
    }
  });

  it('answers a database that went away (restarting, shutting down, refused) with a retryable 503, never a 500', () => {
    const gone = [
      queryFailed('57P01', 'terminating connection due to administrator command'),
      queryFailed('57P03', 'the database system is shutting down'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      // a transaction's query runner released under it while PostgreSQL restarted (seen in the reliability run)
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' }),
    ];
    for (const error of gone) {
      expect(toApiErrorBody(error)).toEqual({ success: false, statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE, errorType: 'databaseUnavailable' });
    }
  });
});
