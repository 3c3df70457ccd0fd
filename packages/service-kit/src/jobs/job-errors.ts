/** The failures a job handler meets or throws, apart from the runner that acts on them. */

/**
 * A failure no retry can fix (the other side refused the request as such: a 400, 401 or 403): thrown
 * by a handler, the job goes to the dead letters at once, with this message as its reason, instead of
 * being retried for days first.
 */
export class UnretryableJobError extends Error {
  override readonly name: string = 'UnretryableJobError';
}

/** Thrown into a job whose attempt ran past its time (the handler's signal carries it too). */
export class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
}
