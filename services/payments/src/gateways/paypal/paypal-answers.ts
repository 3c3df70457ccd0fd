import { Injectable } from '@nestjs/common';
import { PAYMENT_MESSAGES, type PayPalOrderResponse, type PayPalOrderUpdateResponse } from '@storefront/contracts';
import { AttemptLedger, type PaymentProof } from '../../payment-attempts/attempt-ledger.js';
import { AttemptStart } from '../../payment-attempts/attempt-start.js';
import type { MethodChoice } from '../../payment-methods/offered-methods.js';

/** The spec's PayPal order calls, answered in PayPal's words. */
@Injectable()
export class PayPalAnswers {
  constructor(
    private readonly start: AttemptStart,
    private readonly ledger: AttemptLedger,
  ) {}

  /** POST /api/payment/paypal/order (the spec's call): a PayPal order for the order's amount due, to approve at PayPal. */
  async createPayPalOrder(request: { orderId: string; orderToken: string | undefined; key: string }): Promise<PayPalOrderResponse> {
    return this.start.once({ method: 'online-payment', gateway: 'paypal' }, { ...request, paymentMethod: 'online-payment' }, () => ({
      returnUrl: '/payment/online-payment/verify',
      answer: (outcome): PayPalOrderResponse => {
        const approve = outcome.kind === 'answered' && outcome.payment.nextAction?.type === 'redirect' ? outcome.payment.nextAction.url : null;
        return outcome.kind === 'answered' && approve
          ? { id: outcome.payment.id, response: { links: [{ rel: 'approve', href: approve }] } }
          : { id: null, error: PAYMENT_MESSAGES.paypalCreateFailed };
      },
    }));
  }

  /**
   * PATCH /api/payment/paypal/order, with the order's token: a payment still waiting for the shopper
   * is set to the order's amount due now (its total changed), never to an amount from the browser.
   */
  async changeAmountToDue(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PayPalOrderUpdateResponse> {
    const { gateway, attempt } = await this.ledger.followUp(choice, paymentId, proof);
    return (await this.ledger.bringAmountToDue(attempt, gateway, paymentId, proof.orderToken || proof.orderEmail ? proof : undefined)) ? { id: paymentId } : { id: null, error: PAYMENT_MESSAGES.paypalUpdateFailed };
  }
}
