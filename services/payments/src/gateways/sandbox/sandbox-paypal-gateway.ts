import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES, apiUrl, paymentRoutes } from '@storefront/contracts';
import { Repository } from 'typeorm';
import {
  type CreatePaymentInput,
  GatewayError,
  GatewayLookupError,
  type GatewayPayment,
  type PaymentGateway,
} from '../payment-gateway.js';
import { mapPayPalStatus } from '../status-mapping.js';
import { SandboxIntent } from './sandbox.entities.js';
import { SANDBOX_ID, clientSecretFor, sandboxId } from './sandbox-ids.js';


/** PayPal orders on the sandbox: CREATED -> APPROVED (approve page) -> COMPLETED (capture), or VOIDED. */
@Injectable()
export class SandboxPayPalGateway implements PaymentGateway {
  readonly name = 'paypal' as const;
  readonly sandbox = true;

  constructor(@InjectRepository(SandboxIntent) private readonly orders: Repository<SandboxIntent>) {}

  async create(input: CreatePaymentInput): Promise<GatewayPayment> {
    const id = sandboxId('pp_sandbox');
    const order = this.orders.create({
      id,
      kind: 'paypal',
      clientSecret: clientSecretFor(id),
      amount: input.amount,
      currency: 'usd',
      status: 'CREATED',
      paymentMethodId: null,
      challenge: true,
      returnUrl: input.returnUrl,
      metadata: input.metadata,
      lastError: null,
    });
    await this.orders.insert(order);
    return this.view(order);
  }

  /** PayPal orders need no confirmation: the shopper approves them on PayPal's page. */
  async confirm(id: string): Promise<GatewayPayment> {
    return this.retrieve(id);
  }

  async capture(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    if (order.status === 'APPROVED') {
      order.status = 'COMPLETED';
      order.challenge = false;
      await this.orders.save(order);
    } else if (order.status !== 'COMPLETED') {
      throw new GatewayError(PAYMENT_MESSAGES.paypalNoOrder, this.view(order));
    }
    return this.view(order);
  }

  async retrieve(id: string): Promise<GatewayPayment> {
    return this.view(await this.order(id));
  }

  /** Back from the approve page: an approved order is captured now. */
  async verify(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    return order.status === 'APPROVED' ? this.capture(id) : this.view(order);
  }

  /** The approve page's answer. Undefined when the order is no longer waiting for the shopper. */
  async settleApproval(id: string, approved: boolean): Promise<SandboxIntent | undefined> {
    const result = await this.orders
      .createQueryBuilder()
      .update()
      .set({ status: approved ? 'APPROVED' : 'VOIDED', challenge: false })
      .where('id = :id AND status = :status AND kind = :kind', { id, status: 'CREATED', kind: 'paypal' })
      .execute();
    return result.affected ? (await this.orders.findOneBy({ id })) ?? undefined : undefined;
  }

  async pendingApproval(id: string): Promise<SandboxIntent | undefined> {
    if (!SANDBOX_ID.test(id)) return undefined;
    const order = await this.orders.findOneBy({ id, kind: 'paypal' });
    return order?.status === 'CREATED' ? order : undefined;
  }

  private async order(id: string): Promise<SandboxIntent> {
    const order = SANDBOX_ID.test(id) ? await this.orders.findOneBy({ id, kind: 'paypal' }) : null;
    if (!order) throw new GatewayLookupError(`No such PayPal order: ${id}`);
    return order;
  }

  private view(order: SandboxIntent): GatewayPayment {
    return {
      id: order.id,
      rawStatus: order.status,
      status: mapPayPalStatus(order.status),
      amount: order.amount,
      currency: 'usd',
      clientSecret: null,
      nextActionUrl: order.status === 'CREATED' ? apiUrl(paymentRoutes.sandboxPayPalPage, { params: { orderId: order.id } }) : null,
      returnUrl: order.returnUrl,
      card: null,
      // Not approved (yet): nothing to capture; canceled on PayPal's page: the transaction failed.
      message:
        order.status === 'VOIDED' ? PAYMENT_MESSAGES.paypalTransactionError : order.status === 'CREATED' ? PAYMENT_MESSAGES.paypalNoOrder : null,
      metadata: order.metadata,
    };
  }
}
