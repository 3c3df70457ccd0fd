import { Module } from '@nestjs/common';
import { ADMIN_CREDENTIALS, createServiceModules } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { AccountsModule } from './accounts/index.js';
import { AdminController } from './admin/admin.controller.js';
import { AuditController } from './admin/audit/audit.controller.js';
import { DashboardController } from './admin/dashboard/dashboard.controller.js';
import { AdminLeadsController } from './admin/leads/admin-leads.controller.js';
import { FormsClient } from './admin/leads/forms-client.js';
import { AdminOperationsController } from './admin/operations/admin-operations.controller.js';
import { DeadLetterSources } from './admin/operations/dead-letters.js';
import { AdminOrdersController } from './admin/orders/admin-orders.controller.js';
import { OrderRefunds } from './admin/refunds/order-refunds.js';
import { PaymentsClient } from './admin/refunds/payments-client.js';
import { OrdersAdminCredentials } from './admin/api-keys/admin-access.js';
import { CheckoutLookupsController } from './checkout/checkout-lookups.controller.js';
import { CheckoutLookupsService } from './checkout/checkout-lookups.service.js';
import { readEmailConfig } from './email/index.js';
import { ORDERS_JOBS_SCHEMA, ordersJobsSettings, type OrdersJobs } from './email/index.js';
import { EmailModule } from './email/index.js';
import { InternalOrdersController } from './internal/internal-orders.controller.js';
import { OrderPaymentsService } from './internal/order-payments.service.js';
import { ORDERS_DATABASE } from './orders-database.js';
import { CommerceContent } from './orders/commerce-content.js';
import { OrdersController } from './orders/orders.controller.js';
import { OrdersService } from './orders/orders.service.js';
import { QuoteOrdersService } from './quotes/quote-orders.service.js';
import { QuotesController } from './quotes/quotes.controller.js';
import { QuotesService } from './quotes/quotes.service.js';
import { OrderLookupLimits } from './split-payment/lookup-limits.js';
import { SplitPaymentController } from './split-payment/split-payment.controller.js';
import { SplitPaymentService } from './split-payment/split-payment.service.js';
import { StaffController, StaffModule } from './staff/index.js';

export const SERVICE_NAME = 'orders';
/** A sample cart with addresses is a few KB; 100 KB leaves room and keeps floods out. */
export const ORDERS_BODY_LIMIT = '100kb';

@Module({
  imports: [
    ...createServiceModules<OrdersJobs>({
      database: ORDERS_DATABASE,
      // the job runner (pg-boss in schema orders_jobs): e-mail jobs, queued with the order change that causes them, and housekeeping
      jobs: { schema: ORDERS_JOBS_SCHEMA, settings: () => ordersJobsSettings(readEmailConfig()) },
      // deletes what expires: rate limit counters, idempotency records (IDEMPOTENCY_TTL_HOURS)
      housekeeping: { idempotencyRecords: true },
      // /metrics: the e-mail outbox's oldest queued age beside service-kit's request and job metrics
      metrics: true,
    }),
    EmailModule,
    // customer accounts (and My Orders / My Quotes); exports CustomerSessions and @SignedIn()'s guard to the controllers below
    AccountsModule,
    // the back office's staff: sign-in, setup links, sessions; exports StaffSessions to the admin routes' credentials
    StaffModule,
  ],
  // SplitPaymentController after CheckoutLookupsController: GET /api/order/:orderId must not shadow /api/order/checkout-locations
  controllers: [OrdersController, CheckoutLookupsController, SplitPaymentController, InternalOrdersController, QuotesController, AdminController, AdminOrdersController, AuditController, DashboardController, AdminLeadsController, AdminOperationsController, StaffController],
  providers: [
    OrdersService,
    QuotesService,
    QuoteOrdersService,
    SplitPaymentService,
    OrderLookupLimits,
    CheckoutLookupsService,
    OrderPaymentsService,
    // the back office's refunds, through the payments service's internal API
    PaymentsClient,
    OrderRefunds,
    // the back office's leads and the forms job runner's dead letters, through the forms service's internal API
    FormsClient,
    // the operations page: the outbox's parked e-mails and every job runner's dead letters
    DeadLetterSources,
    CommerceContent,
    { provide: ContentStore, useFactory: () => new ContentStore() },
    // the admin routes' API keys and throttles (service-kit's admin guards)
    { provide: ADMIN_CREDENTIALS, useClass: OrdersAdminCredentials },
  ],
})
export class AppModule {}
