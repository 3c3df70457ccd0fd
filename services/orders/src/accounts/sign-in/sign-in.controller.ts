import { Controller, Req, Res } from '@nestjs/common';
import { ACCOUNT_MESSAGES, accountRoutes, type BodyOf, type ResponseOf } from '@storefront/contracts';
import { Route, RouteBody } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { CustomerSessions } from '../sessions/customer-sessions.service.js';
import { PublicAccountWrite } from '../sessions/public-account-write.js';
import { withRetryAfter } from './password-check.js';
import { SignInService } from './sign-in.service.js';

/** Sign-in and sign-out (POST /api/my-account/login, /logout, /logout-all). */
@Controller()
export class SignInController {
  constructor(
    private readonly signIns: SignInService,
    private readonly sessions: CustomerSessions,
  ) {}

  @Route(accountRoutes.signIn)
  @PublicAccountWrite()
  async signIn(
    @RouteBody() body: BodyOf<typeof accountRoutes.signIn>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof accountRoutes.signIn>> {
    const signedIn = await withRetryAfter(res, this.signIns.signIn(body, req.ip, req.headers['user-agent']));
    await this.sessions.startHere(req, res, signedIn.session);
    return signedIn.body;
  }

  @Route(accountRoutes.signOut)
  @PublicAccountWrite()
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ResponseOf<typeof accountRoutes.signOut>> {
    await this.sessions.end(req, res);
    return { success: true, message: ACCOUNT_MESSAGES.signedOut };
  }

  @Route(accountRoutes.signOutEverywhere)
  @PublicAccountWrite()
  async signOutEverywhere(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ResponseOf<typeof accountRoutes.signOutEverywhere>> {
    await this.sessions.endEverywhere(req, res);
    return { success: true, message: ACCOUNT_MESSAGES.signedOutEverywhere };
  }
}
