import { Controller, Res, UseGuards } from '@nestjs/common';
import { orderRoutes, type BodyOf, type SendEmailResponse } from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody } from '@storefront/service-kit';
import type { Response } from 'express';
import { SEND_EMAIL_MESSAGES, SendEmailService } from './send-email.service.js';

@Controller()
export class SendEmailController {
  constructor(private readonly sendEmail: SendEmailService) {}

  /** 202 and one message for any well-formed request (the order is looked at after answering); 400 for bad input. */
  @Route(orderRoutes.sendEmail)
  @UseGuards(RateLimitGuard)
  send(@RouteBody() request: BodyOf<typeof orderRoutes.sendEmail>, @Res({ passthrough: true }) res: Response): SendEmailResponse {
    this.sendEmail.accept(request);
    res.status(202);
    return { success: true, message: SEND_EMAIL_MESSAGES.accepted };
  }
}
