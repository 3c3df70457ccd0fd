import { Controller, Header } from '@nestjs/common';
import { orderRoutes, type BodyOf, type CheckoutLocations, type ShippingRateResponse, type TaxResponse } from '@storefront/contracts';
import { Route, RouteBody } from '@storefront/service-kit';
import { CHECKOUT_LOCATIONS } from './checkout-locations.js';
import { CheckoutLookupsService } from './checkout-lookups.service.js';

@Controller()
export class CheckoutLookupsController {
  constructor(private readonly lookups: CheckoutLookupsService) {}

  @Route(orderRoutes.shippingRate)
  shippingRate(@RouteBody() request: BodyOf<typeof orderRoutes.shippingRate>): Promise<ShippingRateResponse> {
    return this.lookups.shippingRate(request);
  }

  @Route(orderRoutes.tax)
  tax(@RouteBody() request: BodyOf<typeof orderRoutes.tax>): Promise<TaxResponse> {
    return this.lookups.tax(request);
  }

  /** The same for every shopper and changes only with a deploy: browsers and the gateway's edge cache keep it an hour. */
  @Route(orderRoutes.checkoutLocations)
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Surrogate-Control', 'max-age=3600')
  checkoutLocations(): CheckoutLocations {
    return CHECKOUT_LOCATIONS;
  }
}
