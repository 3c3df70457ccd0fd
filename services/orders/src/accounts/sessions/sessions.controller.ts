import { Controller } from '@nestjs/common';
import { ACCOUNT_MESSAGES, accountRoutes, type ParamsOf, type ResponseOf } from '@storefront/contracts';
import { Route, RouteParams } from '@storefront/service-kit';
import { CustomerSessions } from './customer-sessions.service.js';
import { CurrentCustomer, SignedIn, type SignedInCustomer } from './signed-in.js';

/** The customer's list of sessions (GET /api/my-account/sessions) and signing one of them out. */
@Controller()
export class SessionsController {
  constructor(private readonly sessions: CustomerSessions) {}

  @Route(accountRoutes.sessions)
  @SignedIn()
  async list(@CurrentCustomer() customer: SignedInCustomer): Promise<ResponseOf<typeof accountRoutes.sessions>> {
    return { success: true, data: await this.sessions.list(customer) };
  }

  @Route(accountRoutes.endSession)
  @SignedIn()
  async end(@CurrentCustomer() customer: SignedInCustomer, @RouteParams() { id }: ParamsOf<typeof accountRoutes.endSession>): Promise<ResponseOf<typeof accountRoutes.endSession>> {
    await this.sessions.endOne(customer, id);
    return { success: true, message: ACCOUNT_MESSAGES.sessionEnded };
  }
}
