import { type DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from '@storefront/service-kit';
import type { GatewayConfig } from './config.js';
import { RemotesController } from './remotes.controller.js';
import { GATEWAY_CONFIG } from './tokens.js';
import { UpstreamsController } from './upstreams.controller.js';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [HealthModule.register({ service: 'gateway' })],
      controllers: [RemotesController, UpstreamsController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
    };
  }
}
