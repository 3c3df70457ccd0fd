import { Controller, Header, Inject } from '@nestjs/common';
import { type ResponseOf, gatewayRoutes } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import { REMOTE_SOURCES } from './tokens.js';
import type { RemoteSources } from './remotes/remote-sources.js';

@Controller()
export class RemotesController {
  constructor(@Inject(REMOTE_SOURCES) private readonly remoteSources: RemoteSources) {}

  /** Where the shell finds each remote's manifest (the serving release's); no-store so a release takes effect at once. */
  @Route(gatewayRoutes.remotes)
  @Header('Cache-Control', 'no-store')
  remotes(): ResponseOf<typeof gatewayRoutes.remotes> {
    return { remotes: this.remoteSources.browserEntries() };
  }
}
