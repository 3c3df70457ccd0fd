/** A content file that does not exist, or a name from a URL that cannot name one. Services answer 404. */
export class ContentNotFoundError extends Error {
  override readonly name = 'ContentNotFoundError';
  constructor(readonly relativePath: string) {
    super(`Content not found: ${relativePath}`);
  }
}

/**
 * What `load` gives, or undefined when its content file is not there: for content that may be
 * missing (an optional file, a name that is a form or else an estimator). A broken file still throws,
 * so it answers 500, not 404.
 */
export async function unlessMissing<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) return undefined;
    throw error;
  }
}

/** A content file that exists but is not valid JSON (or not the expected shape). Services answer 500 and log it. */
export class ContentInvalidError extends Error {
  override readonly name = 'ContentInvalidError';
  constructor(
    readonly relativePath: string,
    reason: string,
  ) {
    super(`Invalid content file ${relativePath}: ${reason}`);
  }
}
