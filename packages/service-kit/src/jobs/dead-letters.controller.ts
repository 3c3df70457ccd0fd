import { Controller, type DynamicModule, Inject, Module, NotFoundException, type Type } from '@nestjs/common';
import { DEAD_LETTER_MESSAGES, deadLetterRoutesOf, type DeadLetterParams, type DeadLetterRetryResponse, type DeadLettersResponse, type JobService } from '@storefront/contracts';
import { Route, RouteParams } from '../route-table/route.decorator.js';
import { deadLetterSummary } from './dead-letter-summary.js';
import { isJobId } from './dead-letters.js';
import { JobRunner } from './job-runner.js';

/**
 * The dead letters of a service's job runner over HTTP, for the back office (orders calls it for its
 * staff, signed as `orders`): the same listing and re-drive as `npm run jobs`, the data in outline. One
 * controller for every service with a job runner, made per service so each serves its own entries of
 * the route table (`jobRoutes.formsDeadLetters`, ...); createServiceModules mounts it with `jobs`.
 */
export function deadLettersController(service: JobService): Type<unknown> {
  const found = deadLetterRoutesOf(service);
  if (!found) throw new Error(`The route table has no dead-letter routes for ${service}`);
  const routes = found;

  @Controller()
  class DeadLettersController {
    constructor(@Inject(JobRunner) private readonly jobs: JobRunner) {}

    /** Every dead letter of this service, oldest first, each in outline. */
    @Route(routes.list)
    async list(): Promise<DeadLettersResponse> {
      return { service, deadLetters: (await this.jobs.deadLetters()).map(deadLetterSummary) };
    }

    /** One dead letter back to its queue (a new job, fresh retries); 404 when there is no such dead letter (any more). */
    @Route(routes.retry)
    async retry(@RouteParams() { id }: DeadLetterParams): Promise<DeadLetterRetryResponse> {
      if (!isJobId(id)) throw new NotFoundException(DEAD_LETTER_MESSAGES.notFound);
      const { redriven } = await this.jobs.retryDeadLetters([id.toLowerCase()]);
      if (redriven.length === 0) throw new NotFoundException(DEAD_LETTER_MESSAGES.notFound);
      return { retried: redriven.map((job) => ({ id: job.deadLetterId, queue: job.queue, newJobId: job.jobId })) };
    }
  }
  return DeadLettersController;
}

/** The module that mounts a service's dead-letter controller (with the service's JobRunner, which is global). */
@Module({})
export class DeadLettersModule {
  /** The service's dead-letter routes; none for a service the route table gives none (no job runner of its own). */
  static register(service: string): DynamicModule {
    const served = deadLetterRoutesOf(service) ? [deadLettersController(service as JobService)] : [];
    return { module: DeadLettersModule, controllers: served };
  }
}
