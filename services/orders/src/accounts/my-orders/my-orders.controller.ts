import { Controller } from '@nestjs/common';
import { Route } from '@storefront/service-kit';
import { accountRoutes, type ResponseOf } from '@storefront/contracts';
import { CurrentCustomer, SignedIn, type SignedInCustomer } from '../sessions/signed-in.js';
import { MyOrdersService } from './my-orders.service.js';

/** My Orders and My Quotes (spec §2: signed-in customers keep their orders and quotes). */
@Controller()
export class MyOrdersController {
  constructor(private readonly myOrders: MyOrdersService) {}

  @Route(accountRoutes.orders)
  @SignedIn()
  async orders(@CurrentCustomer() customer: SignedInCustomer): Promise<ResponseOf<typeof accountRoutes.orders>> {
    return { success: true, data: await this.myOrders.orders(customer.customerId) };
  }

  @Route(accountRoutes.quotes)
  @SignedIn()
  async quotes(@CurrentCustomer() customer: SignedInCustomer): Promise<ResponseOf<typeof accountRoutes.quotes>> {
    return { success: true, data: await this.myOrders.quotes(customer.customerId) };
  }
}
