import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthModule, createDatabaseModule, createRateLimitModule } from '@storefront/service-kit';
import { ContentStore, contentDir } from '@storefront/site-config';
import express from 'express';
import { GatewayRegistry } from './gateways/gateway-registry.js';
import { SandboxCardGateway } from './gateways/sandbox/sandbox-card-gateway.js';
import { SandboxController } from './gateways/sandbox/sandbox.controller.js';
import { SandboxIntent } from './gateways/sandbox/sandbox.entities.js';
import { SandboxPayPalGateway } from './gateways/sandbox/sandbox-paypal-gateway.js';
import { CreatePaymentAttempt1795300000000 } from './migrations/1795300000000-create-payment-attempt.js';
import { SandboxAndAttemptResults1795300000100 } from './migrations/1795300000100-sandbox-and-attempt-results.js';
import { AttemptAmountInCents1795300000200 } from './migrations/1795300000200-attempt-amount-in-cents.js';
import { SandboxHostedFields1795300000300 } from './migrations/1795300000300-sandbox-hosted-fields.js';
import { PaymentAttempt } from './payment-attempts/payment-attempt.entity.js';
import { PaymentMethodsController } from './payment-methods/payment-methods.controller.js';
import { ORDERS_CLIENT_OPTIONS, OrdersClient, type OrdersClientOptions, ordersClientOptionsFromEnv } from './payments/orders-client.js';
import { PaymentResultReporter, REPORTER_OPTIONS, type ReporterOptions } from './payments/payment-result-reporter.js';
import { PaymentsController } from './payments/payments.controller.js';
import { PaymentsService } from './payments/payments.service.js';

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
}

const ENTITIES = [PaymentAttempt, SandboxIntent];

@Module({})
export class PaymentsAppModule implements NestModule {
  static register(options: PaymentsAppOptions = {}): DynamicModule {
    return {
      module: PaymentsAppModule,
      imports: [
        createDatabaseModule({
          schema: options.schema ?? 'payments',
          entities: ENTITIES,
          migrations: [
            CreatePaymentAttempt1795300000000,
            SandboxAndAttemptResults1795300000100,
            AttemptAmountInCents1795300000200,
            SandboxHostedFields1795300000300,
          ],
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
        PaymentsService,
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
