import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthModule, createDatabaseModule } from '@storefront/service-kit';
import { ContentStore, contentDir } from '@storefront/site-config';
import { CreatePaymentAttempt1795300000000 } from './migrations/1795300000000-create-payment-attempt.js';
import { PaymentAttempt } from './payment-attempts/payment-attempt.entity.js';
import { PaymentMethodsController } from './payment-methods/payment-methods.controller.js';

export interface PaymentsAppOptions {
  /** PostgreSQL schema (tests use a unique one per run). */
  schema?: string;
  /** content/ folder; defaults to CONTENT_DIR or the repository's content/. */
  contentDir?: string;
}

@Module({})
export class PaymentsAppModule {
  static register(options: PaymentsAppOptions = {}): DynamicModule {
    return {
      module: PaymentsAppModule,
      imports: [
        createDatabaseModule({
          schema: options.schema ?? 'payments',
          entities: [PaymentAttempt],
          migrations: [CreatePaymentAttempt1795300000000],
        }),
        TypeOrmModule.forFeature([PaymentAttempt]),
        HealthModule.register({ service: 'payments' }),
      ],
      controllers: [PaymentMethodsController],
      providers: [{ provide: ContentStore, useValue: new ContentStore(options.contentDir ?? contentDir()) }],
    };
  }
}
