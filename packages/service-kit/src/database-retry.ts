import { databaseTimeoutCode, databaseUnavailable } from './api-errors.js';

/** How long a bookkeeping write waits out a database that went away (a restart takes seconds). */
export const DATABASE_RETRY_WINDOW_MS = 20_000;

/**
 * Runs `write` again while it fails because the database is away or busy (restarting, refusing
 * connections, a lock or statement bound), waiting 250 ms, 500 ms, 1 s, 2 s ... up to `windowMs` in
 * all; any other error, or the window passing, is thrown as it is. For the write that records what
 * already happened outside the database (an e-mail handed to SMTP, a job's completion): given up at
 * once, the work would be done a second time (found by the reliability harness restarting
 * PostgreSQL under the e-mail outbox).
 */
export async function retryWhileDatabaseAway<T>(write: () => Promise<T>, options: { windowMs?: number; signal?: AbortSignal } = {}): Promise<T> {
  const deadline = Date.now() + (options.windowMs ?? DATABASE_RETRY_WINDOW_MS);
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 4000)) {
    try {
      return await write();
    } catch (error) {
      const away = databaseUnavailable(error) || databaseTimeoutCode(error) !== undefined;
      if (!away || options.signal?.aborted || Date.now() + waitMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
