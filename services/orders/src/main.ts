import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { SERVICES } from '@storefront/topology';
import { AppModule, ORDERS_BODY_LIMIT, SERVICE_NAME } from './app.module.js';
import { ordersFrontOf } from './front.js';
import { ORDERS_PRODUCTION } from './production-rules.js';

await bootstrapService({
  name: SERVICE_NAME,
  module: AppModule,
  portEnv: SERVICES.orders.portEnv,
  defaultPort: SERVICES.orders.port,
  bodyLimit: ORDERS_BODY_LIMIT,
  // the cart summary (asked on every cart change) and the back office's orders list answered before express and Nest
  frontFromApp: ordersFrontOf,
  // orders checks payments' and forms' signatures, and signs its own calls (the back office's), so it holds all three secrets
  production: { ...ORDERS_PRODUCTION, internalSecrets: ['payments', 'forms', 'orders'] },
}).catch(() => process.exit(1));
