import { Controller, Req, Res } from '@nestjs/common';
import { type ParamsOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { ContentAnswers } from '../content/content-answers.js';
import { LocationsService } from './locations.service.js';

/**
 * Location lists for forms' dynamicOptions (countries -> states -> cities) as `{ value, label }[]`,
 * cached and revalidated like the other content answers.
 */
@Controller()
export class LocationsController {
  constructor(
    private readonly locations: LocationsService,
    private readonly answers: ContentAnswers,
  ) {}

  @Route(contentRoutes.locationCountries)
  async countries(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, this.locations.countries());
  }

  @Route(contentRoutes.locationStates)
  async states(@RouteParams() { country }: ParamsOf<typeof contentRoutes.locationStates>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, this.locations.states(country));
  }

  @Route(contentRoutes.locationCities)
  async cities(@RouteParams() { country, state }: ParamsOf<typeof contentRoutes.locationCities>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, this.locations.cities(country, state));
  }
}
