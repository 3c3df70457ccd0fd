import { Controller } from '@nestjs/common';
import { accountRoutes, type ResponseOf } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import { CurrentCustomer, SignedIn, type SignedInCustomer } from '../sessions/signed-in.js';
import { ProfileService } from './profile.service.js';

/** The signed-in customer's profile (GET /api/my-account/me). */
@Controller()
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Route(accountRoutes.me)
  @SignedIn()
  me(@CurrentCustomer() customer: SignedInCustomer): Promise<ResponseOf<typeof accountRoutes.me>> {
    return this.profiles.profile(customer.customerId);
  }
}
