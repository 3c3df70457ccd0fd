import { Controller, Headers, Req, Res } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, accountRoutes, type BodyOf, type ResponseOf } from '@storefront/contracts';
import { IDEMPOTENT_REPLAYED_HEADER, Route, RouteBody } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { CustomerSessions } from '../sessions/customer-sessions.service.js';
import { PublicAccountWrite } from '../sessions/public-account-write.js';
import { RegistrationService } from './registration.service.js';

/** POST /api/my-account/register: the /register form creates an account and signs it in. */
@Controller()
export class RegistrationController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly sessions: CustomerSessions,
  ) {}

  @Route(accountRoutes.register)
  @PublicAccountWrite()
  async register(
    @RouteBody() submission: BodyOf<typeof accountRoutes.register>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof accountRoutes.register>> {
    const answer = await this.registration.register(submission, idempotencyKey, req.ip, req.headers['user-agent']);
    res.status(answer.status);
    if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (answer.session) await this.sessions.startHere(req, res, answer.session);
    return answer.body;
  }
}
