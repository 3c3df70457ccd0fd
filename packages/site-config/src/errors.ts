/** A content file that does not exist, or a name from a URL that cannot name one. Services answer 404. */
export class ContentNotFoundError extends Error {
  override readonly name = 'ContentNotFoundError';
  constructor(readonly relativePath: string) {
    super(`Content not found: ${relativePath}`);
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
