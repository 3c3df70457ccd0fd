import { Module } from '@nestjs/common';
import { HealthModule, createDatabaseModule, createJobsModule, createRateLimitModule } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { CheckoutLookupsController } from './checkout/checkout-lookups.controller.js';
import { CheckoutLookupsService } from './checkout/checkout-lookups.service.js';
import { readEmailConfig } from './email/email-config.js';
import { ORDERS_JOBS_SCHEMA, ordersJobsSettings, type OrdersJobs } from './email/email-jobs.js';
import { EMAIL_ENTITIES, EMAIL_JOB_RUNNER_MIGRATIONS, EMAIL_MIGRATIONS, EmailModule } from './email/email.module.js';
import { ORDER_ENTITIES } from './entities/index.js';
import { InternalOrdersController } from './internal/internal-orders.controller.js';
import { OrderPaymentsService } from './internal/order-payments.service.js';
import { CreateOrders1764000000100 } from './migrations/1764000000100-create-orders.js';
import { RecordPaymentReports1764000000200 } from './migrations/1764000000200-record-payment-reports.js';
import { OrderTokenAndIdempotency1764000000300 } from './migrations/1764000000300-order-token-and-idempotency.js';
import { AmountsInCents1764000000700 } from './migrations/1764000000700-amounts-in-cents.js';
import { OrderViewTokens1764000000900 } from './migrations/1764000000900-order-view-tokens.js';
import { CreateQuotes1764000001000 } from './migrations/1764000001000-create-quotes.js';
import { CommerceContent } from './orders/commerce-content.js';
import { OrdersController } from './orders/orders.controller.js';
import { OrdersService } from './orders/orders.service.js';
import { QUOTE_ENTITIES } from './quotes/quote.entity.js';
import { QuotesController } from './quotes/quotes.controller.js';
import { QuotesService } from './quotes/quotes.service.js';

export const SERVICE_NAME = 'orders';
/** A sample cart with addresses is a few KB; 100 KB leaves room and keeps floods out. */
export const ORDERS_BODY_LIMIT = '100kb';

@Module({
  imports: [
    createDatabaseModule({
      schema: 'orders',
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
      ],
    }),
    // the service's job runner (pg-boss in schema orders_jobs): e-mail jobs, queued with the order change that causes them
    createJobsModule<OrdersJobs>({ schema: ORDERS_JOBS_SCHEMA, settings: () => ordersJobsSettings(readEmailConfig()) }),
    HealthModule.register({ service: SERVICE_NAME }),
    createRateLimitModule(),
    EmailModule,
  ],
  controllers: [OrdersController, CheckoutLookupsController, InternalOrdersController, QuotesController],
  providers: [
    OrdersService,
    QuotesService,
    CheckoutLookupsService,
    OrderPaymentsService,
    CommerceContent,
    { provide: ContentStore, useFactory: () => new ContentStore() },
  ],
})
export class AppModule {}
