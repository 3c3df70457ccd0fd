import { Controller, Inject, Req, Res } from '@nestjs/common';
import { type ParamsOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { sendCachedJson } from '../content/cached-json.js';
import { EDGE_CACHE_SECONDS } from '../content/content.controller.js';
import { LocationsService } from './locations.service.js';

/**
 * Location lists for forms' dynamicOptions (countries -> states -> cities) as `{ value, label }[]`,
 * cached and revalidated like the other content answers.
 */
@Controller()
export class LocationsController {
  constructor(
    private readonly locations: LocationsService,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Route(contentRoutes.locationCountries)
  async countries(@Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await this.locations.countries(), this.edgeCacheSeconds);
  }

  @Route(contentRoutes.locationStates)
  async states(@RouteParams() { country }: ParamsOf<typeof contentRoutes.locationStates>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await this.locations.states(country), this.edgeCacheSeconds);
  }

  @Route(contentRoutes.locationCities)
  async cities(@RouteParams() { country, state }: ParamsOf<typeof contentRoutes.locationCities>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await this.locations.cities(country, state), this.edgeCacheSeconds);
  }
}
