import { deadLetterRetryResponseSchema, deadLettersResponseSchema, type DeadLetterRetryResponse, type DeadLettersResponse, type RouteSpec } from '@storefront/contracts';
import { pathOf, type InternalService } from './internal-service.js';

/** Listing dead letters waits less than a write: the operations page shows the other sources meanwhile. */
const LIST_TIMEOUT_MS = 5_000;

/**
 * Another service's job-runner dead letters (every service with a runner serves the same pair of
 * internal routes, `jobRoutes.<service>DeadLetters` and `<service>RetryDeadLetter`), through that
 * service's client: the answers held to the contract's schemas.
 */
export class RemoteDeadLetters {
  constructor(
    private readonly service: InternalService,
    private readonly routes: { list: RouteSpec; retry: RouteSpec },
  ) {}

  /** Its dead letters, oldest first, each in outline. */
  list(): Promise<DeadLettersResponse> {
    return this.service.json<DeadLettersResponse>('GET', this.routes.list.path, { response: deadLettersResponseSchema, timeoutMs: LIST_TIMEOUT_MS });
  }

  /** One dead letter back to its queue as a new job (a ServiceRefusal 404 when it is no dead letter). */
  retry(id: string): Promise<DeadLetterRetryResponse> {
    return this.service.json<DeadLetterRetryResponse>('POST', pathOf(this.routes.retry.path, { id }), { response: deadLetterRetryResponseSchema });
  }
}
