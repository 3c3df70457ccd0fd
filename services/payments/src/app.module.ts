import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createServiceModules, paymentsSandboxAllowed } from '@storefront/service-kit';
import { ContentStore, contentDir } from '@storefront/site-config';
import express from 'express';
import { GatewayRegistry } from './gateways/gateway-registry.js';
import { SandboxCardGateway } from './gateways/sandbox/sandbox-card-gateway.js';
import { SandboxController } from './gateways/sandbox/sandbox.controller.js';
import { SandboxIntent, SandboxRefund } from './gateways/sandbox/sandbox.entities.js';
import { SandboxPayPalGateway } from './gateways/sandbox/sandbox-paypal-gateway.js';
import { PAYMENTS_MIGRATIONS } from './migrations/index.js';
import { PAYMENTS_JOBS_SCHEMA, paymentsJobsSettings, readPaymentJobsConfig, type PaymentJobsConfig, type PaymentsJobs } from './payment-jobs/payment-jobs.js';
import { PAYMENT_JOBS_CONFIG, PaymentReports } from './payment-jobs/payment-reports.js';
import { PaymentsHousekeeping } from './payment-jobs/payments-housekeeping.js';
import { ReconciliationJob } from './payment-jobs/reconciliation-job.js';
import { ReconciliationMetrics } from './payment-jobs/reconciliation-metrics.js';
import { PaymentAttempt } from './payment-attempts/payment-attempt.entity.js';
import { PaymentMethodsController } from './payment-methods/payment-methods.controller.js';
import { ORDERS_CLIENT_OPTIONS, OrdersClient, type OrdersClientOptions, ordersClientOptionsFromEnv } from './payments/orders-client.js';
import { PaymentWebhooksController, PaymentsController } from './payments/payments.controller.js';
import { PaymentFlow } from './payments/payment-flow.service.js';
import { AuthorizeNetAnswers } from './gateways/authorizenet/authorizenet-answers.js';
import { CardIntentAnswers } from './gateways/card-intents/card-intent-answers.js';
import { PayPalAnswers } from './gateways/paypal/paypal-answers.js';
import { AttemptLedger, GATEWAY_TIMEOUT_MS } from './payment-attempts/attempt-ledger.js';
import { AttemptStart } from './payment-attempts/attempt-start.js';
import { Settlement } from './payment-attempts/settlement.js';
import { MethodRouting } from './payment-methods/method-routing.js';
import { gatewayTimeoutMs } from './payments/gateway-calls.js';
import { PaymentRefund } from './refunds/payment-refund.entity.js';
import { RefundsController } from './refunds/refunds.controller.js';
import { RefundsService } from './refunds/refunds.service.js';

/** Payment bodies are a few hundred bytes; 16 KB leaves room and keeps floods out. */
export const PAYMENTS_BODY_LIMIT = '16kb';

export interface PaymentsAppOptions {
  /** PostgreSQL schema (tests use a unique one per run). */
  schema?: string;
  /** content/ folder; defaults to CONTENT_DIR or the repository's content/. */
  contentDir?: string;
  /** the orders service's internal API (tests start a real one on a free port); defaults to ORDERS_SERVICE_URL */
  orders?: Partial<OrdersClientOptions>;
  /** the job settings over the environment's (PAYMENT_REPORT_*, PAYMENTS_RECONCILE_*): tests shorten the delays */
  jobs?: Partial<PaymentJobsConfig>;
  /** the job runner's schema (default payments_jobs, what `npm run jobs -- payments` reads); tests use one beside their own schema */
  jobsSchema?: string;
  /** how long a gateway call may take before its outcome is unknown (default PAYMENTS_GATEWAY_TIMEOUT_MS, 20 s) */
  gatewayTimeoutMs?: number;
}

/** The service's tables and their migrations (also what the adapter tests build a database from). */
export const PAYMENTS_ENTITIES = [PaymentAttempt, PaymentRefund, SandboxIntent, SandboxRefund];
export { PAYMENTS_MIGRATIONS };
const ENTITIES = PAYMENTS_ENTITIES;

@Module({})
export class PaymentsAppModule implements NestModule {
  static register(options: PaymentsAppOptions = {}): DynamicModule {
    const jobsConfig = (): PaymentJobsConfig => ({ ...readPaymentJobsConfig(), ...options.jobs });
    return {
      module: PaymentsAppModule,
      imports: [
        ...createServiceModules<PaymentsJobs>({
          database: { schema: options.schema ?? 'payments', entities: ENTITIES, migrations: PAYMENTS_MIGRATIONS, service: 'payments' },
          // the job runner (pg-boss in schema payments_jobs): report deliveries, queued with the result they carry, the reconciliation sweep and housekeeping
          jobs: { schema: options.jobsSchema ?? PAYMENTS_JOBS_SCHEMA, settings: () => paymentsJobsSettings(jobsConfig()) },
          // housekeeping deletes the rate limit's counters, webhook event ids and sandbox intents (PaymentsHousekeeping)
          // /metrics: the reconciliation sweep's lag beside service-kit's request and job metrics
          metrics: true,
        }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      // the sandbox's pages exist only where its adapters do: development, or production with PAYMENTS_SANDBOX=allow
      controllers: [PaymentMethodsController, PaymentsController, PaymentWebhooksController, RefundsController, ...(paymentsSandboxAllowed() ? [SandboxController] : [])],
      providers: [
        { provide: ContentStore, useValue: new ContentStore(options.contentDir ?? contentDir()) },
        { provide: ORDERS_CLIENT_OPTIONS, useFactory: () => ({ ...ordersClientOptionsFromEnv(), ...options.orders }) },
        { provide: PAYMENT_JOBS_CONFIG, useFactory: jobsConfig },
        OrdersClient,
        PaymentReports,
        ReconciliationJob,
        ReconciliationMetrics,
        PaymentsHousekeeping,
        { provide: GATEWAY_TIMEOUT_MS, useFactory: () => options.gatewayTimeoutMs ?? gatewayTimeoutMs() },
        MethodRouting,
        AttemptLedger,
        Settlement,
        AttemptStart,
        CardIntentAnswers,
        AuthorizeNetAnswers,
        PayPalAnswers,
        PaymentFlow,
        RefundsService,
        SandboxCardGateway,
        SandboxPayPalGateway,
        GatewayRegistry,
      ],
    };
  }

  /** The sandbox's HTML forms post urlencoded bodies (tiny: one button's value). */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(express.urlencoded({ extended: false, limit: '1kb' }))
      .forRoutes(
        { path: 'api/payment/sandbox/challenge/*path', method: RequestMethod.POST },
        { path: 'api/payment/sandbox/paypal/approve/*path', method: RequestMethod.POST },
      );
  }
}
