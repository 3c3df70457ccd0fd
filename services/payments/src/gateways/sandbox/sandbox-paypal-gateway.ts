import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES, apiUrl, paymentRoutes } from '@storefront/contracts';
import type { Cents } from '@storefront/money';
import { Repository } from 'typeorm';
import {
  GatewayDeclined,
  GatewayLookupError,
  type GatewayPayment,
  type GatewayRefund,
  type InitiateInput,
  type PaymentGateway,
  type RefundInput,
  type WebhookRequest,
} from '../payment-gateway.js';
import { CHECKOUT_PATH } from '../../payments/return-paths.js';
import { mapPayPalStatus } from '../paypal/paypal-status.js';
import { SandboxIntent } from './sandbox.entities.js';
import { SANDBOX_ID, clientSecretFor, sandboxId } from './sandbox-ids.js';
import { findWaiting, settleWaiting, type SandboxWait } from './sandbox-waits.js';
import { parseSandboxWebhook } from './sandbox-webhooks.js';
import { sandboxRefund } from './sandbox-refunds.js';

/** A PayPal order waiting on its approval page. */
const APPROVAL_WAIT: SandboxWait = { kind: 'paypal', status: 'CREATED' };

/**
 * PayPal orders on the sandbox: CREATED -> APPROVED (the approve page) -> COMPLETED (capture), or
 * VOIDED (canceled on the page, or by a new attempt). The same adapter interface as every gateway.
 */
@Injectable()
export class SandboxPayPalGateway implements PaymentGateway {
  readonly name = 'paypal' as const;
  readonly sandbox = true;
  readonly testMode = true;

  constructor(@InjectRepository(SandboxIntent) private readonly orders: Repository<SandboxIntent>) {}

  async initiate(input: InitiateInput): Promise<GatewayPayment> {
    // the provider's idempotency (PayPal-Request-Id): the same reference answers the first order
    const earlier = await this.orders.findOneBy({ kind: 'paypal', reference: input.reference });
    if (earlier) return this.view(earlier);
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
      cancelUrl: input.cancelUrl ?? CHECKOUT_PATH,
      metadata: input.metadata,
      lastError: null,
      reference: input.reference,
    });
    await this.orders.insert(order);
    return this.view(order);
  }

  /** Back from the approve page: an approved order is captured now; otherwise it is answered as it stands. */
  async confirm(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    return order.status === 'APPROVED' ? this.capture(id) : this.view(order);
  }

  async capture(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    if (order.status === 'APPROVED') {
      Object.assign(order, { status: 'COMPLETED', challenge: false });
      await this.orders.save(order);
    } else if (order.status !== 'COMPLETED') {
      throw new GatewayDeclined(PAYMENT_MESSAGES.paypalNoOrder, this.view(order));
    }
    return this.view(order);
  }

  async getStatus(id: string): Promise<GatewayPayment> {
    return this.view(await this.order(id));
  }

  async findByReference(reference: string): Promise<GatewayPayment | null> {
    const order = await this.orders.findOneBy({ kind: 'paypal', reference });
    return order ? this.view(order) : null;
  }

  async cancel(id: string): Promise<GatewayPayment> {
    const order = await this.order(id);
    if (order.status === 'CREATED' || order.status === 'APPROVED') {
      Object.assign(order, { status: 'VOIDED', challenge: false });
      await this.orders.save(order);
    }
    return this.view(order);
  }

  async refund(id: string, input: RefundInput): Promise<GatewayRefund> {
    return sandboxRefund(this.orders, 'paypal', id, input);
  }

  /** An order still waiting for the shopper takes the new amount (PayPal's PATCH of an order); any other is refused. */
  async changeAmount(id: string, amount: Cents): Promise<GatewayPayment> {
    const order = await this.order(id);
    if (order.status !== 'CREATED') throw new GatewayDeclined(PAYMENT_MESSAGES.paypalUpdateFailed, this.view(order));
    order.amount = amount;
    await this.orders.save(order);
    return this.view(order);
  }

  async update(id: string, changes: { metadata: Record<string, string> }): Promise<GatewayPayment> {
    const order = await this.order(id);
    order.metadata = { ...order.metadata, ...changes.metadata };
    await this.orders.save(order);
    return this.view(order);
  }

  async parseWebhook(request: WebhookRequest) {
    return parseSandboxWebhook(request);
  }

  /** The approve page's answer. Undefined when the order is no longer waiting for the shopper. */
  async settleApproval(id: string, approved: boolean): Promise<SandboxIntent | undefined> {
    return settleWaiting(this.orders, id, APPROVAL_WAIT, { status: approved ? 'APPROVED' : 'VOIDED', challenge: false });
  }

  async pendingApproval(id: string): Promise<SandboxIntent | undefined> {
    return findWaiting(this.orders, id, APPROVAL_WAIT);
  }

  private async order(id: string): Promise<SandboxIntent> {
    const order = SANDBOX_ID.test(id) ? await this.orders.findOneBy({ id, kind: 'paypal' }) : null;
    if (!order) throw new GatewayLookupError(`No such PayPal order: ${id}`);
    return order;
  }

  private view(order: SandboxIntent): GatewayPayment {
    const waiting = order.status === 'CREATED';
    return {
      id: order.id,
      rawStatus: order.status,
      status: mapPayPalStatus(order.status),
      amount: order.amount,
      currency: 'usd',
      nextAction: waiting ? { type: 'redirect', url: apiUrl(paymentRoutes.sandboxPayPalPage, { params: { orderId: order.id } }) } : null,
      clientSecret: null,
      card: null,
      // not approved (yet): nothing to capture; canceled on PayPal's page (or for a new attempt): the transaction failed
      message: order.status === 'VOIDED' ? PAYMENT_MESSAGES.paypalTransactionError : waiting ? PAYMENT_MESSAGES.paypalNoOrder : null,
      metadata: order.metadata,
      awaitingConfirmation: waiting,
    };
  }
}
