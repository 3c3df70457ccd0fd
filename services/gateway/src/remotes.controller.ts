import { Controller, Header, Inject } from '@nestjs/common';
import { type ResponseOf, gatewayRoutes } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import { GATEWAY_CONFIG } from './tokens.js';
import type { GatewayConfig } from './config.js';

@Controller()
export class RemotesController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Where the shell finds each remote's manifest; no-store so a redeploy takes effect at once. */
  @Route(gatewayRoutes.remotes)
  @Header('Cache-Control', 'no-store')
  remotes(): ResponseOf<typeof gatewayRoutes.remotes> {
    return { remotes: this.config.remotes };
  }
}
