import { Controller, Res, UseGuards } from '@nestjs/common';
import { ACCOUNT_MESSAGES, accountRoutes, type BodyOf, type ResponseOf } from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody } from '@storefront/service-kit';
import type { Response } from 'express';
import { PublicAccountWrite } from '../sessions/public-account-write.js';
import { CurrentCustomer, SignedIn, type SignedInCustomer } from '../sessions/signed-in.js';
import { EmailVerificationService } from './email-verification.service.js';

/** POST /api/my-account/email/verify (the e-mailed link's token) and /email/verification (send it again). */
@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** Public: the link may be opened in a browser that is not signed in. */
  @Route(accountRoutes.verifyEmail)
  @PublicAccountWrite()
  async verify(@RouteBody() { token }: BodyOf<typeof accountRoutes.verifyEmail>): Promise<ResponseOf<typeof accountRoutes.verifyEmail>> {
    await this.verification.verify(token);
    return { success: true, message: ACCOUNT_MESSAGES.emailVerified };
  }

  @Route(accountRoutes.resendVerification)
  @SignedIn()
  @UseGuards(RateLimitGuard)
  async resend(@CurrentCustomer() customer: SignedInCustomer, @Res({ passthrough: true }) res: Response): Promise<ResponseOf<typeof accountRoutes.resendVerification>> {
    const outcome = await this.verification.resend(customer.customerId);
    if (outcome === 'alreadyVerified') {
      res.status(200);
      return { success: true, message: ACCOUNT_MESSAGES.emailAlreadyVerified };
    }
    return { success: true, message: ACCOUNT_MESSAGES.verificationLinkSent };
  }
}
