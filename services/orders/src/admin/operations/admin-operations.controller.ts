import { Controller } from '@nestjs/common';
import { adminRoutes, type ParamsOf, type ResponseOf } from '@storefront/contracts';
import { AdminActor, Route, RouteParams, type AdminCaller } from '@storefront/service-kit';
import { DeadLetterSources } from './dead-letters.js';

/**
 * The back office's operations (managers): every source's dead letters on one page, and the two
 * ways back into the queue (an e-mail resent, a job retried), each audited with who did it.
 */
@Controller()
export class AdminOperationsController {
  constructor(private readonly deadLetters: DeadLetterSources) {}

  @Route(adminRoutes.deadLetters)
  list(): Promise<ResponseOf<typeof adminRoutes.deadLetters>> {
    return this.deadLetters.list();
  }

  @Route(adminRoutes.resendEmailDeadLetter)
  resendEmail(@AdminActor() caller: AdminCaller, @RouteParams() { id }: ParamsOf<typeof adminRoutes.resendEmailDeadLetter>): Promise<ResponseOf<typeof adminRoutes.resendEmailDeadLetter>> {
    return this.deadLetters.resendEmail(caller, id);
  }

  @Route(adminRoutes.retryJobDeadLetter)
  retryJob(@AdminActor() caller: AdminCaller, @RouteParams() { service, id }: ParamsOf<typeof adminRoutes.retryJobDeadLetter>): Promise<ResponseOf<typeof adminRoutes.retryJobDeadLetter>> {
    return this.deadLetters.retryJob(caller, service, id);
  }
}
