import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ACCOUNT_MESSAGES, type MyAccountResponse } from '@storefront/contracts';
import { AddressesService } from '../addresses/addresses.service.js';
import { Customers, accountUserOf } from '../customers/customers.js';

/** GET /api/my-account/me: the spec's profile (§3 customer profile, §7: success, data.user, data.customer). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly customers: Customers,
    private readonly addresses: AddressesService,
  ) {}

  async profile(customerId: string): Promise<MyAccountResponse> {
    const customer = await this.customers.findById(customerId);
    // the session named a customer that is gone (deleted meanwhile): signed out, as far as the page is concerned
    if (!customer) throw new UnauthorizedException({ message: ACCOUNT_MESSAGES.signInRequired, errorType: 'signInRequired' });
    const addresses = await this.addresses.list(customerId);
    return {
      success: true,
      data: {
        user: accountUserOf(customer),
        customer: {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          phoneNumber: customer.phone,
          addresses,
          defaultShipping: addresses.find((address) => address.isDefaultShipping)?.id ?? null,
          defaultBilling: addresses.find((address) => address.isDefaultBilling)?.id ?? null,
          emailVerified: customer.emailVerified,
        },
      },
    };
  }
}
