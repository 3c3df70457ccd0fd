import { EMAIL_ENTITIES, EMAIL_JOB_RUNNER_MIGRATIONS, EMAIL_MIGRATIONS } from './email/index.js';
import { ORDER_ENTITIES } from './entities/index.js';
import { CreateOrders1764000000100 } from './migrations/1764000000100-create-orders.js';
import { RecordPaymentReports1764000000200 } from './migrations/1764000000200-record-payment-reports.js';
import { OrderTokenAndIdempotency1764000000300 } from './migrations/1764000000300-order-token-and-idempotency.js';
import { AmountsInCents1764000000700 } from './migrations/1764000000700-amounts-in-cents.js';
import { OrderViewTokens1764000000900 } from './migrations/1764000000900-order-view-tokens.js';
import { CreateQuotes1764000001000 } from './migrations/1764000001000-create-quotes.js';
import { QuotePaymentLinkEmailKind1764000001100 } from './migrations/1764000001100-quote-payment-link-email-kind.js';
import { CustomerAccounts1764000001200 } from './migrations/1764000001200-customer-accounts.js';
import { CustomersOfOrdersAndQuotes1764000001900 } from './migrations/1764000001900-customers-of-orders-and-quotes.js';
import { EmailRetriesAndDeadLetters1764000002100 } from './migrations/1764000002100-email-retries-and-dead-letters.js';
import { RateLimitHits1764000002200 } from './migrations/1764000002200-rate-limit-hits.js';
import { TokenLifetimes1764000002300 } from './migrations/1764000002300-token-lifetimes.js';
import { AdminApiKeysAndAudit1764000003140 } from './migrations/1764000003140-admin-api-keys-and-audit.js';
import { AccountSessionsAndVerification1764000003200 } from './migrations/1764000003200-account-sessions-and-verification.js';
import { StaffBackOffice1764000003300 } from './migrations/1764000003300-staff-back-office.js';
import { BackOfficeOrderSearch1764000003400 } from './migrations/1764000003400-back-office-order-search.js';
import { OrderRefunds1764000003500 } from './migrations/1764000003500-order-refunds.js';
import { QuoteLinkViews1764000003600 } from './migrations/1764000003600-quote-link-views.js';
import { CoveringOrderSearchIndexes1764000003700 } from './migrations/1764000003700-covering-order-search-indexes.js';
import { QUOTE_ENTITIES } from './quotes/quote.entity.js';

/**
 * The orders service's schema, entities and migrations in one place: the service's database module
 * and the back office (`npm run backoffice`, src/backoffice/) open the same schema with the same
 * entity list, so an entity added here is known to both.
 */
export const ORDERS_DATABASE = {
  schema: 'orders',
  service: 'orders',
  entities: [...ORDER_ENTITIES, ...EMAIL_ENTITIES, ...QUOTE_ENTITIES],
  migrations: [
    CreateOrders1764000000100,
    RecordPaymentReports1764000000200,
    OrderTokenAndIdempotency1764000000300,
    ...EMAIL_MIGRATIONS,
    AmountsInCents1764000000700,
    ...EMAIL_JOB_RUNNER_MIGRATIONS,
    OrderViewTokens1764000000900,
    CreateQuotes1764000001000,
    QuotePaymentLinkEmailKind1764000001100,
    CustomerAccounts1764000001200,
    CustomersOfOrdersAndQuotes1764000001900,
    EmailRetriesAndDeadLetters1764000002100,
    RateLimitHits1764000002200,
    TokenLifetimes1764000002300,
    AdminApiKeysAndAudit1764000003140,
    AccountSessionsAndVerification1764000003200,
    StaffBackOffice1764000003300,
    BackOfficeOrderSearch1764000003400,
    OrderRefunds1764000003500,
    QuoteLinkViews1764000003600,
    CoveringOrderSearchIndexes1764000003700,
  ],
};
