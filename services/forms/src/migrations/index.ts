import { CreateFormSubmission1764000000000 } from './1764000000000-create-form-submission.js';
import { SubmissionFilesEstimatesIdempotency1764000000100 } from './1764000000100-submission-files-estimates-idempotency.js';
import { RateLimitHits1764000000200 } from './1764000000200-rate-limit-hits.js';
import { ContinuationTokensConfirmationQuota1764000000300 } from './1764000000300-continuation-tokens-confirmation-quota.js';
import { UploadRetention1764000000400 } from './1764000000400-upload-retention.js';
import { BookedSlots1764000000500 } from './1764000000500-booked-slots.js';
import { SubmissionPageIndex1764000000600 } from './1764000000600-submission-page-index.js';

/** The forms schema's migrations, oldest first: what the service runs or checks at start and `node dist/migrate.js` runs. */
export const FORMS_MIGRATIONS = [
  CreateFormSubmission1764000000000,
  SubmissionFilesEstimatesIdempotency1764000000100,
  RateLimitHits1764000000200,
  ContinuationTokensConfirmationQuota1764000000300,
  UploadRetention1764000000400,
  BookedSlots1764000000500,
  SubmissionPageIndex1764000000600,
];
