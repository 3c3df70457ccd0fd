import { type DynamicModule, Module } from '@nestjs/common';
import { HealthModule, MetricsModule } from '@storefront/service-kit';
import { buildApiReferenceDocument } from './api-reference.js';
import { ApiReferenceController } from './api-reference.controller.js';
import type { GatewayConfig } from './config.js';
import { RemotesController } from './remotes.controller.js';
import { API_REFERENCE, GATEWAY_CONFIG, REMOTE_SOURCES, UPSTREAMS } from './tokens.js';
import { RemoteReleaseMetrics } from './remotes/remote-release-metrics.js';
import { remoteSourcesFor } from './remotes/remote-sources.js';
import { UpstreamsController } from './upstreams.controller.js';
import { gatewayUpstreams } from './upstreams.js';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [HealthModule.register({ service: 'gateway' }), MetricsModule],
      controllers: [RemotesController, UpstreamsController, ApiReferenceController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        // the proxy's and page renderer's pools and breakers: /health/upstreams shows them, and the
        // app's shutdown closes them (after the server drained its requests)
        { provide: UPSTREAMS, useFactory: () => gatewayUpstreams(config) },
        // the registry's verified releases (started by main.ts before the gateway listens), or development's URLs
        { provide: REMOTE_SOURCES, useFactory: () => remoteSourcesFor(config) },
        RemoteReleaseMetrics,
        // built while the app is built: a route table the converter cannot read is a start-up error
        { provide: API_REFERENCE, useFactory: buildApiReferenceDocument },
      ],
    };
  }
}
