// The job runner's bounded waits and error handling, apart from its pg-boss bookkeeping.
import { JobTimeoutError } from './job-errors.js';

/** An Error as thrown, also one from another realm (a Node core error seen inside jest's sandbox). */
export function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return error as Error;
  return new Error(String(error));
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or the signal's reason as soon as it aborts (a handler that ignores its signal is left behind). */
export function untilAborted(work: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new JobTimeoutError('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Replicas starting together on a fresh database create the same queues at once, and pg-boss's
 * createQueue (a partitioned table per queue) can deadlock with itself: PostgreSQL aborts one side
 * (40P01) and the other goes through. The aborted side tries again, where the queue then exists (the
 * reliability harness's two payments replicas failed their start on it). A few tries, jittered.
 */
export async function withDeadlockRetry(declare: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await declare();
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
