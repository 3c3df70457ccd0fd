import { Controller, Req, Res } from '@nestjs/common';
import { ACCOUNT_MESSAGES, accountRoutes, type BodyOf, type ResponseOf } from '@storefront/contracts';
import { Route, RouteBody } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { CustomerSessions } from '../sessions/customer-sessions.service.js';
import { PublicAccountWrite } from '../sessions/public-account-write.js';
import { PasswordResetService } from './password-reset.service.js';

/** Forgot password and reset password (POST /api/my-account/password/forgot, /reset). */
@Controller()
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly sessions: CustomerSessions,
  ) {}

  /** Always 202 with the same words, in the same time, whether or not the e-mail has an account (the work is a job). */
  @Route(accountRoutes.forgotPassword)
  @PublicAccountWrite()
  async forgotPassword(@RouteBody() { email }: BodyOf<typeof accountRoutes.forgotPassword>): Promise<ResponseOf<typeof accountRoutes.forgotPassword>> {
    await this.resets.askForReset(email);
    return { success: true, message: ACCOUNT_MESSAGES.resetLinkSent };
  }

  @Route(accountRoutes.resetPassword)
  @PublicAccountWrite()
  async resetPassword(
    @RouteBody() body: BodyOf<typeof accountRoutes.resetPassword>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof accountRoutes.resetPassword>> {
    const signedIn = await this.resets.reset(body, req.headers['user-agent']);
    await this.sessions.startHere(req, res, signedIn.session);
    return signedIn.body;
  }
}
