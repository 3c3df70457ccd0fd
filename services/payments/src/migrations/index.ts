import { CreatePaymentAttempt1795300000000 } from './1795300000000-create-payment-attempt.js';
import { SandboxAndAttemptResults1795300000100 } from './1795300000100-sandbox-and-attempt-results.js';
import { AttemptAmountInCents1795300000200 } from './1795300000200-attempt-amount-in-cents.js';
import { OneOpenAttemptAndWebhooks1795300000300 } from './1795300000300-one-open-attempt-and-webhooks.js';
import { PaymentReportsAsJobs1795300000400 } from './1795300000400-payment-reports-as-jobs.js';
import { SandboxHostedFields1795300000500 } from './1795300000500-sandbox-hosted-fields.js';
import { AttemptInstalment1795300000600 } from './1795300000600-attempt-instalment.js';
import { RateLimitHits1795300000700 } from './1795300000700-rate-limit-hits.js';
import { AttemptScopeAndExpiry1795300000800 } from './1795300000800-attempt-scope-and-expiry.js';
import { SandboxCancelUrl1795300000900 } from './1795300000900-sandbox-cancel-url.js';
import { PaymentRefunds1795300001000 } from './1795300001000-payment-refunds.js';

/** The payments schema's migrations, oldest first: what the service runs or checks at start, `node dist/migrate.js` runs and the adapter tests build from. */
export const PAYMENTS_MIGRATIONS = [
  CreatePaymentAttempt1795300000000,
  SandboxAndAttemptResults1795300000100,
  AttemptAmountInCents1795300000200,
  OneOpenAttemptAndWebhooks1795300000300,
  PaymentReportsAsJobs1795300000400,
  SandboxHostedFields1795300000500,
  AttemptInstalment1795300000600,
  RateLimitHits1795300000700,
  AttemptScopeAndExpiry1795300000800,
  SandboxCancelUrl1795300000900,
  PaymentRefunds1795300001000,
];
