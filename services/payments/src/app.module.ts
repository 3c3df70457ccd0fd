import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthModule, createDatabaseModule, createRateLimitModule } from '@storefront/service-kit';
import { ContentStore, contentDir } from '@storefront/site-config';
import express from 'express';
import { GatewayRegistry } from './gateways/gateway-registry.js';
import { SandboxCardGateway } from './gateways/sandbox/sandbox-card-gateway.js';
import { SandboxController } from './gateways/sandbox/sandbox.controller.js';
import { SandboxIntent, SandboxPaymentMethod } from './gateways/sandbox/sandbox.entities.js';
import { SandboxPayPalGateway } from './gateways/sandbox/sandbox-paypal-gateway.js';
import { CreatePaymentAttempt1795300000000 } from './migrations/1795300000000-create-payment-attempt.js';
import { SandboxAndAttemptResults1795300000100 } from './migrations/1795300000100-sandbox-and-attempt-results.js';
import { AttemptAmountInCents1795300000200 } from './migrations/1795300000200-attempt-amount-in-cents.js';
import { OneOpenAttemptAndWebhooks1795300000300 } from './migrations/1795300000300-one-open-attempt-and-webhooks.js';
import { PaymentAttempt } from './payment-attempts/payment-attempt.entity.js';
import { PaymentMethodsController } from './payment-methods/payment-methods.controller.js';
import { ORDERS_CLIENT_OPTIONS, OrdersClient, type OrdersClientOptions, ordersClientOptionsFromEnv } from './payments/orders-client.js';
import { PaymentResultReporter, REPORTER_OPTIONS, type ReporterOptions } from './payments/payment-result-reporter.js';
import { PaymentsController } from './payments/payments.controller.js';
import { GATEWAY_TIMEOUT_MS, PaymentFlow } from './payments/payment-flow.service.js';
import { gatewayTimeoutMs } from './payments/gateway-calls.js';

/** Payment bodies are a few hundred bytes; 16 KB leaves room and keeps floods out. */
export const PAYMENTS_BODY_LIMIT = '16kb';

export interface PaymentsAppOptions {
  /** PostgreSQL schema (tests use a unique one per run). */
  schema?: string;
  /** content/ folder; defaults to CONTENT_DIR or the repository's content/. */
  contentDir?: string;
  /** the orders service's internal API (tests start a real one on a free port); defaults to ORDERS_SERVICE_URL */
  orders?: Partial<OrdersClientOptions>;
  /** the result reporter's retry timing (defaults: every 5 s, at most 5 min apart) */
  reporter?: Partial<ReporterOptions>;
  /** how long a gateway call may take before its outcome is unknown (default PAYMENTS_GATEWAY_TIMEOUT_MS, 20 s) */
  gatewayTimeoutMs?: number;
}

/** The service's tables and their migrations (also what the adapter tests build a database from). */
export const PAYMENTS_ENTITIES = [PaymentAttempt, SandboxIntent, SandboxPaymentMethod];
export const PAYMENTS_MIGRATIONS = [
  CreatePaymentAttempt1795300000000,
  SandboxAndAttemptResults1795300000100,
  AttemptAmountInCents1795300000200,
  OneOpenAttemptAndWebhooks1795300000300,
];
const ENTITIES = PAYMENTS_ENTITIES;

@Module({})
export class PaymentsAppModule implements NestModule {
  static register(options: PaymentsAppOptions = {}): DynamicModule {
    return {
      module: PaymentsAppModule,
      imports: [
        createDatabaseModule({
          schema: options.schema ?? 'payments',
          entities: ENTITIES,
          migrations: PAYMENTS_MIGRATIONS,
        }),
        TypeOrmModule.forFeature(ENTITIES),
        HealthModule.register({ service: 'payments' }),
        createRateLimitModule(),
      ],
      controllers: [PaymentMethodsController, PaymentsController, SandboxController],
      providers: [
        { provide: ContentStore, useValue: new ContentStore(options.contentDir ?? contentDir()) },
        { provide: ORDERS_CLIENT_OPTIONS, useFactory: () => ({ ...ordersClientOptionsFromEnv(), ...options.orders }) },
        { provide: REPORTER_OPTIONS, useValue: { intervalMs: 5000, maxBackoffMs: 300_000, ...options.reporter } },
        OrdersClient,
        PaymentResultReporter,
        { provide: GATEWAY_TIMEOUT_MS, useFactory: () => options.gatewayTimeoutMs ?? gatewayTimeoutMs() },
        PaymentFlow,
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
