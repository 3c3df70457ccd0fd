export { contentDir } from './content-dir.js';
export { resolvePlaceholders, type MissingPlaceholderHandler } from './placeholders.js';
export {
  ContentStore,
  isSafeContentName,
  normaliseSitePath,
} from './content-store.js';
export { ContentInvalidError, ContentNotFoundError, unlessMissing } from './errors.js';
export { memoizeUntilFailure } from './memoize-until-failure.js';
