import { Controller } from '@nestjs/common';
import { orderRoutes, type BodyOf, type QueueFormEmailsResponse } from '@storefront/contracts';
import { Route, RouteBody } from '@storefront/service-kit';
import { FormEmailsService } from './form-emails.service.js';

/**
 * The forms service hands over rendered form e-mails (confirmation, staff notification).
 * Service-to-service only (access internal: not under /api, so the gateway never forwards it, and
 * signed with FORMS_INTERNAL_SECRET where it is set).
 */
@Controller()
export class FormEmailsController {
  constructor(private readonly formEmails: FormEmailsService) {}

  @Route(orderRoutes.queueFormEmails)
  queue(@RouteBody() request: BodyOf<typeof orderRoutes.queueFormEmails>): Promise<QueueFormEmailsResponse> {
    return this.formEmails.queue(request);
  }
}
