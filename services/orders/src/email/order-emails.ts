import { Injectable, Logger } from '@nestjs/common';
import { orderViewPath, type OrderEmailType } from '@storefront/contracts';
import type { EntityManager } from 'typeorm';
import { OrderEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { orderById } from '../orders/order-by-id.js';
import { newOrderViewToken } from '../orders/order-token.js';
import { EmailOutbox, orderEmailKey, splitPaymentEmailKey, type QueuedEmail } from './email-outbox.js';
import { EmailSettings } from './email-settings.js';
import { renderOrderEmail } from './templates/order-email.js';
import { customerEmailOf, orderEmailView, paymentEntryLabel, splitPaymentView } from './templates/order-email-view.js';
import { renderSplitPaymentConfirmation } from './templates/split-payment-email.js';

/** The e-mails a paid order gets. */
export const ORDER_CONFIRMATION_KINDS = ['order-confirmation', 'order-confirmation-admin'] as const satisfies readonly OrderEmailType[];
export type OrderConfirmationKind = (typeof ORDER_CONFIRMATION_KINDS)[number];

const ORDER_RELATIONS = { items: true, addresses: true, payments: true } as const;

/** The history note of a split-payment confirmation (spec §4 split payment: "a history comment (customer notified)"). */
export const splitConfirmationSent = (email: string): string => `Split payment confirmation email has been sent to ${email}`;

/** What queuing did for one kind of e-mail. */
export interface QueueOutcome {
  kind: OrderConfirmationKind;
  /** queued: newly in the outbox; already-queued: queued (or sent) before; no-recipient: no admin addresses configured */
  result: 'queued' | 'already-queued' | 'no-recipient';
}

/**
 * The seam between an order change and its e-mails. Callers pass the EntityManager of the
 * transaction that changes the order, so the e-mails are queued (an outbox row and its job each) in
 * that same transaction: the order is paid and its e-mails are queued, or neither. The job runner
 * delivers them after the commit (EmailDelivery).
 */
@Injectable()
export class OrderEmails {
  private readonly logger = new Logger('OrderEmails');

  constructor(
    private readonly settings: EmailSettings,
    private readonly outbox: EmailOutbox,
  ) {}

  /**
   * Queues the customer confirmation (to the billing e-mail) and the admin 'New Order' e-mail (first
   * admin address from content/settings/notifications.json, the rest cc) for a paid order. Queuing
   * the same order twice queues nothing new. A settings problem never undoes the payment: the
   * customer e-mail is still queued and the admin e-mail's problem is logged.
   */
  async queueOrderConfirmation(manager: EntityManager, orderId: string): Promise<void> {
    await this.queueOrderEmails(manager, orderId, ORDER_CONFIRMATION_KINDS);
  }

  /**
   * Staff's resend (the back office): the customer's confirmation once more, as a new e-mail with a
   * fresh view link; `resendId` makes its dedupe key its own (the request's, so a retry of the same
   * request queues nothing new).
   */
  async resendOrderConfirmation(manager: EntityManager, orderId: string, resendId: string): Promise<QueueOutcome> {
    const [outcome] = await this.queueOrderEmails(manager, orderId, ['order-confirmation'], resendId);
    return outcome!;
  }

  /** Renders and queues the given e-mails of an order through `manager` (`resendId`: a staff resend's own copy). */
  async queueOrderEmails(manager: EntityManager, orderId: string, kinds: readonly OrderConfirmationKind[], resendId?: string): Promise<QueueOutcome[]> {
    const order = await orderById(manager, orderId, ORDER_RELATIONS);
    if (!order) throw new Error(`Cannot queue e-mails for order ${orderId}: no such order`);
    const view = orderEmailView(order, await this.settings.store(), this.settings.siteUrl);

    const emails: QueuedEmail[] = [];
    const outcomes: QueueOutcome[] = [];
    for (const kind of kinds) {
      const dedupeKey = resendId ? `${orderEmailKey(kind, order.id)}:resend:${resendId}` : orderEmailKey(kind, order.id);
      if (kind === 'order-confirmation') {
        // the customer's link to their order carries a view token of its own (not the checkout's order token)
        const viewUrl = (await this.outbox.isQueued(manager, dedupeKey)) ? null : await this.orderViewUrl(manager, order.id);
        emails.push({ orderId: order.id, kind, dedupeKey, recipient: customerEmailOf(order), cc: [], ...renderOrderEmail({ ...view, viewUrl }, 'customer') });
        continue;
      }
      const admins = await this.adminRecipients(order);
      const [recipient, ...cc] = admins;
      if (!recipient) {
        outcomes.push({ kind, result: 'no-recipient' });
        continue;
      }
      emails.push({ orderId: order.id, kind, dedupeKey, recipient, cc, ...renderOrderEmail(view, 'admin') });
    }

    const queued = new Set(await this.outbox.enqueue(manager, emails));
    for (const email of emails) {
      const kind = email.kind as OrderConfirmationKind;
      const result = queued.has(email.dedupeKey) ? 'queued' : 'already-queued';
      outcomes.push({ kind, result });
      this.logger.log(result === 'queued' ? 'E-mail queued' : 'E-mail was already queued', {
        event: result === 'queued' ? 'email.queued' : 'email.already-queued',
        kind,
        orderId: order.id,
        orderNumber: order.orderIncrementId,
      });
    }
    return outcomes;
  }

  /**
   * A later instalment of a split-payment order was verified: queues the customer's
   * split-payment-confirmation for the payment entry `paymentEntryId` (one per entry: reporting it
   * again queues nothing), and in the same transaction marks the order emailSent with the history
   * note 'Split payment confirmation email has been sent to {email}' (customer notified).
   */
  async queueSplitPaymentConfirmation(manager: EntityManager, orderId: string, paymentEntryId: string): Promise<void> {
    await this.queueSplitPaymentEmail(manager, orderId, paymentEntryId);
  }

  /** queueSplitPaymentConfirmation, answering whether it was newly queued (POST /api/email/send-email says which). */
  async queueSplitPaymentEmail(manager: EntityManager, orderId: string, paymentEntryId: string): Promise<'queued' | 'already-queued'> {
    const order = await manager.findOne(OrderEntity, { where: { id: orderId }, relations: { addresses: true, payments: true } });
    if (!order) throw new Error(`Cannot queue the split-payment confirmation for order ${orderId}: no such order`);
    const payment = order.payments.find((entry) => entry.id === paymentEntryId);
    if (!payment) throw new Error(`Cannot queue the split-payment confirmation for order ${order.orderIncrementId}: it has no payment ${paymentEntryId}`);
    const split = splitPaymentView({ ...order, splitPaymentEnabled: true }, this.settings.siteUrl)!;
    const recipient = customerEmailOf(order);
    const dedupeKey = splitPaymentEmailKey(order.id, payment.id);
    const { label, card } = paymentEntryLabel(payment);
    const rendered = renderSplitPaymentConfirmation({
      orderNumber: order.orderIncrementId,
      customerName: `${order.firstName} ${order.lastName}`.trim(),
      instalment: { amount: payment.amountPaid, methodLabel: label, card, transactionId: payment.transactionId, paidAt: payment.createdAt },
      split,
      store: await this.settings.store(),
    });
    const [queued] = await this.outbox.enqueue(manager, [{ orderId: order.id, kind: 'split-payment-confirmation', dedupeKey, recipient, cc: [], ...rendered }]);
    const result = queued === dedupeKey ? 'queued' : 'already-queued';
    if (result === 'queued') {
      // spec §4: the order is updated with emailSent and a history comment (customer notified)
      await manager.update(OrderEntity, { id: order.id }, { emailSent: true });
      await manager.insert(OrderStatusHistoryEntity, { order: { id: order.id }, status: order.status, comment: splitConfirmationSent(recipient), isCustomerNotified: true });
    }
    this.logger.log(result === 'queued' ? 'E-mail queued' : 'E-mail was already queued', {
      event: result === 'queued' ? 'email.queued' : 'email.already-queued',
      kind: 'split-payment-confirmation',
      orderId: order.id,
      orderNumber: order.orderIncrementId,
      paymentEntryId: payment.id,
    });
    return result;
  }

  /** The order's page for the customer: PUBLIC_SITE_URL/order/view/<id>?token=<a new view token>. */
  private async orderViewUrl(manager: EntityManager, orderId: string): Promise<string> {
    const token = await newOrderViewToken(manager, orderId);
    return `${this.settings.siteUrl}${orderViewPath(orderId)}?token=${token}`;
  }

  /**
   * The admin list the New Order e-mail goes to (the first as recipient, the rest cc), as the spec's
   * PATCH /api/order and POST /api/quote/convertToOrder answer it (adminEmail, rows 14.3, 15.18,
   * 15.21): content's settings/notifications.json adminEmails; [] when it cannot be read, as the e-mail then goes to nobody.
   */
  async adminEmailList(): Promise<string[]> {
    try {
      return [...(await this.settings.notifications()).adminEmails];
    } catch {
      return [];
    }
  }

  /** Admin addresses from content; none (or an unreadable file) skips the admin e-mail, loudly. */
  private async adminRecipients(order: OrderEntity): Promise<string[]> {
    try {
      const { adminEmails } = await this.settings.notifications();
      if (adminEmails.length === 0) {
        this.logger.warn('No admin e-mail addresses in settings/notifications.json; the New Order e-mail is skipped', {
          event: 'email.no-admin-recipients',
          orderId: order.id,
          orderNumber: order.orderIncrementId,
        });
      }
      return adminEmails;
    } catch (error) {
      this.logger.error(`The New Order e-mail is skipped: ${(error as Error).message}`, {
        event: 'email.settings-unreadable',
        orderId: order.id,
        orderNumber: order.orderIncrementId,
      });
      return [];
    }
  }
}
