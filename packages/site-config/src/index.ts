export { contentDir } from './content-dir.js';
export { resolvePlaceholders, type MissingPlaceholderHandler } from './placeholders.js';
export { ContentStore, isSafeContentName, normalisePagePath, type ReviewRecord } from './content-store.js';
export { ContentInvalidError, ContentNotFoundError } from './errors.js';
