import { Controller } from '@nestjs/common';
import { formRoutes, type BookingSlotsResponse, type ParamsOf, type QueryOf } from '@storefront/contracts';
import { Route, RouteParams, RouteQuery } from '@storefront/service-kit';
import { Bookings } from './bookings.service.js';

@Controller()
export class BookingsController {
  constructor(private readonly bookings: Bookings) {}

  /** The booking calendar's slots, free or not, read at every request (a slot can be booked any moment). */
  @Route(formRoutes.slots)
  slots(@RouteParams() { formName }: ParamsOf<typeof formRoutes.slots>, @RouteQuery() query: QueryOf<typeof formRoutes.slots>): Promise<BookingSlotsResponse> {
    return this.bookings.slots(formName, query);
  }
}
