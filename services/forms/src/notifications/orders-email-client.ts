import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { QueueFormEmailsRequest, QueueFormEmailsResponse } from '@storefront/contracts';
import { UnretryableJobError, UpstreamBreaker, UpstreamStatusError, failingAnswerThrown, isUpstreamFailure, signInternalRequest, traceHeaders } from '@storefront/service-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './notifications-config.js';

/** The orders service's internal e-mail intake; it owns the outbox and delivery. */
export const QUEUE_EMAILS_PATH = '/internal/email/queue';

/** A call the job should retry: the orders service was unreachable or did not take the e-mails. */
export class OrdersEmailError extends Error {
  override readonly name = 'OrdersEmailError';
}

/**
 * Answers that say the request itself is refused, so sending it again can never succeed: 400 (a bug
 * here), 401/403 (orders does not accept our signature: FORMS_INTERNAL_SECRET differs, or forms is
 * not a caller of the route), 413 and 422 (the e-mails themselves are refused).
 */
export const REFUSED_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 413, 422]);

/** The orders service refused the e-mails as such: the job goes to the dead letters at once, not after days of retries. */
export class OrdersEmailRefusedError extends UnretryableJobError {
  override readonly name: string = 'OrdersEmailRefusedError';

  constructor(
    readonly status: number,
    detail: string | undefined,
  ) {
    const why = status === 401 || status === 403 ? ': it does not accept our signature (check FORMS_INTERNAL_SECRET on forms and orders)' : '';
    super(`orders service refused the e-mails with ${status}${why}${detail ? ` (${detail})` : ''}; not retried`);
  }
}

/**
 * The orders outbox's intake, behind the orders breaker: while orders keeps failing
 * (unreachable, past FORM_EMAIL_REQUEST_TIMEOUT_MS, 5xx, 429) a job's call fails at once, unsent, and
 * the job retries later as for any failure; its worker is not held waiting out the timeout.
 */
@Injectable()
export class OrdersEmailClient implements OnModuleDestroy {
  private readonly breaker: UpstreamBreaker;

  constructor(@Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig) {
    // settings from CIRCUIT_* (README, Configuration)
    this.breaker = new UpstreamBreaker({ upstream: 'orders', isUpstreamFailure, logger: new Logger('OrdersEmailClient') });
  }

  onModuleDestroy(): void {
    this.breaker.shutdown();
  }

  /**
   * Puts the e-mails in the orders outbox; throws OrdersEmailError unless the orders service took
   * them. `signal`: the job's own (the call ends at FORM_EMAIL_REQUEST_TIMEOUT_MS or when it aborts).
   */
  async queue(request: QueueFormEmailsRequest, signal?: AbortSignal): Promise<QueueFormEmailsResponse> {
    const timeout = AbortSignal.timeout(this.config.requestTimeoutMs);
    const url = `${this.config.ordersServiceUrl}${QUEUE_EMAILS_PATH}`;
    const payload = JSON.stringify(request);
    let res: Response;
    try {
      res = await this.breaker.run(async () =>
        failingAnswerThrown(
          'orders',
          await fetch(url, {
            method: 'POST',
            headers: {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              // the job's trace: the submission's request id and trace-id, so the orders service logs them too
              ...traceHeaders(),
              // signed with forms' own secret over the exact body: the secret never travels
              ...signInternalRequest({ caller: 'forms', secret: this.config.internalSecret || undefined, method: 'POST', url, body: payload }),
            },
            body: payload,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          }),
        ),
      );
    } catch (error) {
      if (error instanceof UpstreamStatusError) throw new OrdersEmailError(`orders service answered ${error.status}`);
      // unreachable, too slow, or not tried while the orders breaker is open
      throw new OrdersEmailError(`orders service unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const body = (await res.json().catch(() => null)) as (QueueFormEmailsResponse & { message?: string }) | null;
    if (REFUSED_STATUSES.has(res.status)) throw new OrdersEmailRefusedError(res.status, body?.message);
    if (!res.ok) throw new OrdersEmailError(`orders service answered ${res.status}${body?.message ? `: ${body.message}` : ''}`);
    return { queued: body?.queued ?? [], alreadyQueued: body?.alreadyQueued ?? [] };
  }
}
