import { Body, Controller, Post, Res, UseGuards } from '@nestjs/common';
import type { SendEmailResponse } from '@storefront/contracts';
import { RateLimitGuard } from '@storefront/service-kit';
import type { Response } from 'express';
import { SendEmailService } from './send-email.service.js';

@Controller('api/email')
export class SendEmailController {
  constructor(private readonly sendEmail: SendEmailService) {}

  /** 202 when newly queued, 200 when it already was; 400/404/409 with ApiErrorBody otherwise. */
  @Post('send-email')
  @UseGuards(RateLimitGuard)
  async send(@Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<SendEmailResponse> {
    const outcome = await this.sendEmail.send(body);
    res.status(outcome.status);
    return outcome.body;
  }
}
