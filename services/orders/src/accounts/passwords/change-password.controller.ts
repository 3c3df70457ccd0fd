import { Controller, Req, Res } from '@nestjs/common';
import { accountRoutes, type BodyOf, type ResponseOf } from '@storefront/contracts';
import { Route, RouteBody } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { CustomerSessions } from '../sessions/customer-sessions.service.js';
import { CurrentCustomer, SignedIn, type SignedInCustomer } from '../sessions/signed-in.js';
import { withRetryAfter } from '../sign-in/password-check.js';
import { ChangePasswordService } from './change-password.service.js';

/** POST /api/my-account/password/change: answers with the rotated session's cookies. */
@Controller()
export class ChangePasswordController {
  constructor(
    private readonly changes: ChangePasswordService,
    private readonly sessions: CustomerSessions,
  ) {}

  @Route(accountRoutes.changePassword)
  @SignedIn()
  async change(
    @CurrentCustomer() customer: SignedInCustomer,
    @RouteBody() body: BodyOf<typeof accountRoutes.changePassword>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof accountRoutes.changePassword>> {
    const changed = await withRetryAfter(res, this.changes.change(customer, body, { address: req.ip, userAgent: req.headers['user-agent'] }));
    this.sessions.setCookies(res, changed.session);
    return changed.body;
  }
}
