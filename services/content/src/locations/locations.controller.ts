import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendCachedJson } from '../content/cached-json.js';
import { EDGE_CACHE_SECONDS } from '../content/content.controller.js';
import { LocationsService } from './locations.service.js';

/**
 * Location lists for forms' dynamicOptions (countries -> states -> cities) as `{ value, label }[]`,
 * cached and revalidated like the other content answers.
 */
@Controller('api/content/locations')
export class LocationsController {
  constructor(
    private readonly locations: LocationsService,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Get('countries')
  async countries(@Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await this.locations.countries(), this.edgeCacheSeconds);
  }

  @Get('countries/:country/states')
  async states(@Param('country') country: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await this.locations.states(country), this.edgeCacheSeconds);
  }

  @Get('countries/:country/states/:state/cities')
  async cities(@Param('country') country: string, @Param('state') state: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await this.locations.cities(country, state), this.edgeCacheSeconds);
  }
}
