import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { QueueFormEmailsRequest } from '@storefront/contracts';
import { OrdersEmailClient, OrdersEmailRefusedError } from './orders-email-client.js';

export type OrdersCredentials = 'accepted' | 'rejected' | 'unknown';

/** While orders cannot be reached, the check is tried again this often until it gets an answer. */
const RECHECK_MS = 60_000;

/**
 * At start-up, asks the orders service's e-mail intake whether it accepts our signed requests, so a
 * FORMS_INTERNAL_SECRET that differs between the services is reported when the service starts, not
 * when the first shopper's confirmation goes to the dead letters. The request is signed and sent as
 * a real one but holds no e-mail: orders checks the caller before the body, so 401/403 means our
 * signature is refused and 400 (no e-mails) means it passed. Nothing is queued either way.
 */
@Injectable()
export class OrdersCredentialsCheck implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OrdersCredentialsCheck');
  private timer: NodeJS.Timeout | undefined;
  private readonly abort = new AbortController();
  /** the last answer: 'unknown' until orders answered */
  state: OrdersCredentials = 'unknown';

  constructor(private readonly orders: OrdersEmailClient) {}

  onApplicationBootstrap(): void {
    void this.checkUntilAnswered();
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
    this.abort.abort();
  }

  /** One check: the state it found (and logged when it is a refusal). */
  async check(): Promise<OrdersCredentials> {
    try {
      await this.orders.queue({ emails: [] } as unknown as QueueFormEmailsRequest, this.abort.signal);
      this.state = 'accepted';
    } catch (error) {
      if (!(error instanceof OrdersEmailRefusedError)) return (this.state = 'unknown');
      this.state = error.status === 401 || error.status === 403 ? 'rejected' : 'accepted';
    }
    if (this.state === 'rejected') {
      this.logger.error(
        'The orders service refuses our signed requests: form e-mails cannot be delivered (they go to the dead letters). Check FORMS_INTERNAL_SECRET on forms and orders.',
        { event: 'orders.credentials-rejected' },
      );
    } else {
      this.logger.log('The orders service accepts our signed requests', { event: 'orders.credentials-accepted' });
    }
    return this.state;
  }

  private async checkUntilAnswered(): Promise<void> {
    if (this.abort.signal.aborted) return;
    if ((await this.check()) !== 'unknown' || this.abort.signal.aborted) return;
    this.timer = setTimeout(() => void this.checkUntilAnswered(), RECHECK_MS);
    this.timer.unref();
  }
}
