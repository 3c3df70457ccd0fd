import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import type { QueueFormEmailsResponse } from '@storefront/contracts';
import { InternalTokenGuard } from '../internal/internal-token.guard.js';
import { FormEmailsService } from './form-emails.service.js';

/**
 * POST /internal/email/queue: the forms service hands over rendered form e-mails (confirmation, staff
 * notification). Service-to-service only: not under /api, so the gateway never forwards it, and
 * behind INTERNAL_API_TOKEN where one is set.
 */
@Controller('internal/email')
@UseGuards(InternalTokenGuard)
export class FormEmailsController {
  constructor(private readonly formEmails: FormEmailsService) {}

  @Post('queue')
  @HttpCode(HttpStatus.OK)
  queue(@Body() body: unknown): Promise<QueueFormEmailsResponse> {
    return this.formEmails.queue(body);
  }
}
