import { Controller, Res, UseGuards } from '@nestjs/common';
import { orderRoutes, type BodyOf, type SendEmailResponse } from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody } from '@storefront/service-kit';
import type { Response } from 'express';
import { SendEmailService } from './send-email.service.js';

@Controller()
export class SendEmailController {
  constructor(private readonly sendEmail: SendEmailService) {}

  /** 202 when newly queued, 200 when it already was; 400/404/409 with ApiErrorBody otherwise. */
  @Route(orderRoutes.sendEmail)
  @UseGuards(RateLimitGuard)
  async send(@RouteBody() request: BodyOf<typeof orderRoutes.sendEmail>, @Res({ passthrough: true }) res: Response): Promise<SendEmailResponse> {
    const outcome = await this.sendEmail.send(request);
    res.status(outcome.status);
    return outcome.body;
  }
}
