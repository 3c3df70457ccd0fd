import { Controller, Headers, Res, UseGuards } from '@nestjs/common';
import { ACCOUNT_MESSAGES, IDEMPOTENCY_KEY_HEADER, accountRoutes, type BodyOf, type ParamsOf, type ResponseOf } from '@storefront/contracts';
import { IDEMPOTENT_REPLAYED_HEADER, RateLimitGuard, Route, RouteBody, RouteParams } from '@storefront/service-kit';
import type { Response } from 'express';
import { CurrentCustomer, SignedIn, type SignedInCustomer } from '../sessions/signed-in.js';
import { AddressesService } from './addresses.service.js';

/** The signed-in customer's saved addresses (spec §2 address pages, §7 DELETE). */
@Controller()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Route(accountRoutes.addresses)
  @SignedIn()
  async list(@CurrentCustomer() customer: SignedInCustomer): Promise<ResponseOf<typeof accountRoutes.addresses>> {
    return { success: true, data: await this.addresses.list(customer.customerId) };
  }

  @Route(accountRoutes.createAddress)
  @SignedIn()
  @UseGuards(RateLimitGuard)
  async create(
    @CurrentCustomer() customer: SignedInCustomer,
    @RouteBody() body: BodyOf<typeof accountRoutes.createAddress>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof accountRoutes.createAddress>> {
    const answer = await this.addresses.create(customer.customerId, body, idempotencyKey);
    res.status(answer.status);
    if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body;
  }

  @Route(accountRoutes.updateAddress)
  @SignedIn()
  @UseGuards(RateLimitGuard)
  async update(
    @CurrentCustomer() customer: SignedInCustomer,
    @RouteParams() { id }: ParamsOf<typeof accountRoutes.updateAddress>,
    @RouteBody() body: BodyOf<typeof accountRoutes.updateAddress>,
  ): Promise<ResponseOf<typeof accountRoutes.updateAddress>> {
    return { success: true, data: await this.addresses.update(customer.customerId, id, body) };
  }

  @Route(accountRoutes.deleteAddress)
  @SignedIn()
  @UseGuards(RateLimitGuard)
  async remove(
    @CurrentCustomer() customer: SignedInCustomer,
    @RouteParams() { id }: ParamsOf<typeof accountRoutes.deleteAddress>,
  ): Promise<ResponseOf<typeof accountRoutes.deleteAddress>> {
    await this.addresses.remove(customer.customerId, id);
    return { success: true, message: ACCOUNT_MESSAGES.addressDeleted };
  }
}
