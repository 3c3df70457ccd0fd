import { defineRoute } from '../http/route.js';
import { DEAD_LETTER_ERROR_MAX_LENGTH, deadLetterParamsSchema, deadLetterRetryResponseSchema, deadLettersResponseSchema, type JobService } from './schemas.js';

/**
 * One endpoint that several services serve: each service with a job runner answers for its own dead
 * letters at the same path (the caller picks the service by its address). The route table has one
 * entry per method, path and service, so each serving service has its entries, made alike here;
 * service-kit's dead-letters controller serves a service's pair (createServiceModules, with `jobs`).
 */
function deadLetterRoutes<const S extends JobService>(service: S) {
  return {
    list: defineRoute({
      method: 'GET',
      path: '/internal/jobs/dead-letters',
      service,
      access: 'internal',
      callers: ['orders'],
      tag: 'jobs',
      summary: "The service's job dead letters (jobs whose last retry failed), oldest first: queue, when, attempts, error, and what the job carried in outline",
      description: `The same dead letters as \`npm run -s jobs -- <service> dead-letters list\`. \`error\` is the last attempt's message only, at most ${DEAD_LETTER_ERROR_MAX_LENGTH} characters; \`data\` names the job's top-level keys and its ids, never other values.`,
      response: deadLettersResponseSchema,
    }),
    retry: defineRoute({
      method: 'POST',
      path: '/internal/jobs/dead-letters/:id/retry',
      service,
      access: 'internal',
      callers: ['orders'],
      tag: 'jobs',
      summary: 'Sends one dead letter back to its queue as a new job, with a fresh set of retries (404 when it is no dead letter, or was re-driven already)',
      params: deadLetterParamsSchema,
      response: deadLetterRetryResponseSchema,
    }),
  };
}

const forms = deadLetterRoutes('forms');
const orders = deadLetterRoutes('orders');
const payments = deadLetterRoutes('payments');

/** The job runners' dead letters, served by forms, orders and payments alike (internal, called by orders for its staff). */
export const jobRoutes = {
  formsDeadLetters: forms.list,
  formsRetryDeadLetter: forms.retry,
  ordersDeadLetters: orders.list,
  ordersRetryDeadLetter: orders.retry,
  paymentsDeadLetters: payments.list,
  paymentsRetryDeadLetter: payments.retry,
} as const;

const DEAD_LETTER_ROUTES = { forms, orders, payments } as const;

/** The dead-letter entries `service` serves; undefined for a service without a job runner. */
export function deadLetterRoutesOf(service: string): (typeof DEAD_LETTER_ROUTES)[JobService] | undefined {
  return Object.hasOwn(DEAD_LETTER_ROUTES, service) ? DEAD_LETTER_ROUTES[service as JobService] : undefined;
}
