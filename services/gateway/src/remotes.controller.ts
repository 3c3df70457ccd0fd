import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { RemotesConfig } from '@storefront/contracts';
import { GATEWAY_CONFIG } from './tokens.js';
import type { GatewayConfig } from './config.js';

@Controller('config')
export class RemotesController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Where the shell finds each remote's manifest; no-store so a redeploy takes effect at once. */
  @Get('remotes.json')
  @Header('Cache-Control', 'no-store')
  remotes(): RemotesConfig {
    return { remotes: this.config.remotes };
  }
}
