import { BadRequestException, ConflictException, HttpException, Injectable, Logger, NotFoundException, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isPaid } from '@storefront/commerce-rules';
import { isUuid, ORDER_MESSAGES, type SendEmailResponse, type SendEmailRequest } from '@storefront/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEntity, OrderPaymentEntity } from '../entities/index.js';
import { OrderEmails } from './order-emails.js';


export const SEND_EMAIL_MESSAGES = {
  /** the one answer of POST /api/email/send-email, whatever the order (see SendEmailService.accept) */
  accepted: 'Thank you. If this order has an e-mail to send, it is on its way.',
  queued: 'The e-mail has been queued for delivery.',
  alreadyQueued: 'This e-mail has already been sent for this order; it is not sent twice.',
  notPaid: (orderNumber: string) => `Order ${orderNumber} is not paid yet. Its confirmation e-mail is sent once payment completes.`,
  noAdminRecipients: 'No admin e-mail addresses are configured.',
  splitNotEnabled: 'Split payment is not enabled for this order.',
  noInstalment: (orderNumber: string) => `Order ${orderNumber} has no completed payment to confirm.`,
} as const;

/** The order statuses a split-payment confirmation is sent for: an instalment paid, a balance left or not. */
const SPLIT_CONFIRMATION_STATUSES = new Set(['partially_paid', 'ordered']);

/** What POST /api/email/send-email answers: the body plus the HTTP status. */
export interface SendEmailOutcome {
  status: 200 | 202;
  body: SendEmailResponse;
}

/**
 * The browser's "send the confirmation" call, made safe: only a paid order, only its own recipients,
 * once. It takes sequential order numbers from anyone, so it answers the same, at once, whatever the
 * order (`accept`): whether an order exists, is paid or is paid in instalments is not for the caller
 * to learn, by the answer or by its timing. The payment queues these e-mails itself; this call only
 * asks again.
 */
@Injectable()
export class SendEmailService implements OnApplicationShutdown {
  private readonly logger = new Logger('SendEmail');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly orderEmails: OrderEmails,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Starts `send` after the answer and never fails: a refusal (unknown, unpaid, no split payment) is
   * logged, not answered.
   */
  accept(request: SendEmailRequest): void {
    const work = this.send(request).then(
      (outcome) => this.logger.log('send-email asked', { event: 'email.send-asked', type: request.type, queued: outcome.status === 202 }),
      (error: unknown) => {
        if (error instanceof HttpException) {
          const body = error.getResponse() as { errorType?: string };
          this.logger.log('send-email asked for an order it does not apply to', { event: 'email.send-refused', type: request.type, errorType: body.errorType ?? error.getStatus() });
        } else {
          this.logger.warn(`send-email failed: ${(error as Error).message}`, { event: 'email.send-failed', type: request.type });
        }
      },
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves once every accepted request was handled (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  async send({ type, data: { orderId } }: SendEmailRequest): Promise<SendEmailOutcome> {
    const request = { type, orderId };
    return this.dataSource.transaction(async (manager) => {
      const order = await manager.findOne(OrderEntity, {
        where: isUuid(request.orderId) ? { id: request.orderId } : { orderIncrementId: request.orderId.toUpperCase() },
        select: { id: true, orderIncrementId: true, status: true, splitPaymentEnabled: true },
      });
      if (!order) throw new NotFoundException({ message: ORDER_MESSAGES.notFound, errorType: 'orderNotExist' });
      if (request.type === 'split-payment-confirmation') return this.sendSplitPaymentConfirmation(manager, order);
      if (!isPaid(order.status)) {
        throw new ConflictException({ message: SEND_EMAIL_MESSAGES.notPaid(order.orderIncrementId), errorType: 'orderNotPaid' });
      }
      // Same dedupe keys as the payment's own queuing: asking again (or after the payment) sends nothing twice.
      const [outcome] = await this.orderEmails.queueOrderEmails(manager, order.id, [request.type]);
      if (outcome?.result === 'no-recipient') {
        throw new ConflictException({ message: SEND_EMAIL_MESSAGES.noAdminRecipients, errorType: 'noAdminRecipients' });
      }
      return outcome?.result === 'queued'
        ? { status: 202, body: { success: true, message: SEND_EMAIL_MESSAGES.queued } }
        : { status: 200, body: { success: true, message: SEND_EMAIL_MESSAGES.alreadyQueued } };
    });
  }

  /**
   * The split-payment confirmation of the order's latest completed payment (the instalment just
   * paid): only for an order with split payment enabled that is partially_paid or ordered; once per
   * payment entry, like the payment's own queuing.
   */
  private async sendSplitPaymentConfirmation(
    manager: EntityManager,
    order: Pick<OrderEntity, 'id' | 'orderIncrementId' | 'status' | 'splitPaymentEnabled'>,
  ): Promise<SendEmailOutcome> {
    if (!order.splitPaymentEnabled) {
      throw new BadRequestException({ message: SEND_EMAIL_MESSAGES.splitNotEnabled, errorType: 'splitPaymentNotEnabled' });
    }
    if (!SPLIT_CONFIRMATION_STATUSES.has(order.status)) {
      throw new ConflictException({ message: SEND_EMAIL_MESSAGES.notPaid(order.orderIncrementId), errorType: 'orderNotPaid' });
    }
    const [latest] = (await manager
      .getRepository(OrderPaymentEntity)
      .createQueryBuilder('payment')
      .select('payment.id', 'id')
      .where('payment.order_id = :orderId AND payment.status = :status', { orderId: order.id, status: 'completed' })
      .orderBy('payment.created_at', 'DESC')
      .addOrderBy('payment.id', 'DESC')
      .limit(1)
      .getRawMany()) as { id: string }[];
    if (!latest) throw new ConflictException({ message: SEND_EMAIL_MESSAGES.noInstalment(order.orderIncrementId), errorType: 'orderNotPaid' });
    const result = await this.orderEmails.queueSplitPaymentEmail(manager, order.id, latest.id);
    return result === 'queued'
      ? { status: 202, body: { success: true, message: SEND_EMAIL_MESSAGES.queued } }
      : { status: 200, body: { success: true, message: SEND_EMAIL_MESSAGES.alreadyQueued } };
  }
}
