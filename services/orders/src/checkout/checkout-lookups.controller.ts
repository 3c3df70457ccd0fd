import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post } from '@nestjs/common';
import type { CheckoutLocations, ShippingRateResponse, TaxResponse } from '@storefront/contracts';
import { CHECKOUT_LOCATIONS } from './checkout-locations.js';
import { CheckoutLookupsService } from './checkout-lookups.service.js';

@Controller('api/order')
export class CheckoutLookupsController {
  constructor(private readonly lookups: CheckoutLookupsService) {}

  @Post('shipping-rate')
  @HttpCode(HttpStatus.OK)
  shippingRate(@Body() body: unknown): Promise<ShippingRateResponse> {
    return this.lookups.shippingRate(body);
  }

  @Post('tax')
  @HttpCode(HttpStatus.OK)
  tax(@Body() body: unknown): Promise<TaxResponse> {
    return this.lookups.tax(body);
  }

  /** The same for every shopper and changes only with a deploy: browsers and the gateway's edge cache keep it an hour. */
  @Get('checkout-locations')
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Surrogate-Control', 'max-age=3600')
  checkoutLocations(): CheckoutLocations {
    return CHECKOUT_LOCATIONS;
  }
}
