import { Injectable } from '@nestjs/common';
import { PAYMENT_MESSAGES, type AuthorizeNetTransactionResponse } from '@storefront/contracts';
import { AttemptLedger } from '../../payment-attempts/attempt-ledger.js';
import { AttemptStart } from '../../payment-attempts/attempt-start.js';

/** Authorize.Net's own words for response code 1, when its answer carried none. */
export const AUTHORIZE_NET_APPROVED = 'This transaction has been approved.';

/** The spec's Authorize.Net call, answered in Authorize.Net's words. */
@Injectable()
export class AuthorizeNetAnswers {
  constructor(
    private readonly start: AttemptStart,
    private readonly ledger: AttemptLedger,
  ) {}

  /**
   * POST /api/payment/authorize-net/process-transaction (the spec's call): the same attempt, paid
   * with Accept.js' opaque data, answered in the spec's words (status 200 for a charge the provider
   * took, Authorize.Net's response code).
   */
  async processAuthorizeNetTransaction(request: { orderId: string; orderToken: string | undefined; paymentToken: string; key: string }): Promise<AuthorizeNetTransactionResponse> {
    return this.start.once({ method: 'credit-card', gateway: 'authorizenet' }, { ...request, paymentMethod: 'credit-card' }, () => ({
      returnUrl: '/payment/credit-card/verify',
      answer: (outcome, order): AuthorizeNetTransactionResponse => {
        const payment = outcome.kind === 'unanswered' ? null : outcome.payment;
        const responseCode = payment ? { responseCode: payment.rawStatus } : null;
        if (outcome.kind === 'answered' && outcome.payment.status !== 'failed') {
          return { status: 200, message: outcome.payment.message ?? AUTHORIZE_NET_APPROVED, transactionId: outcome.payment.id, transactionResponse: responseCode, orderIncrementId: order.orderIncrementId };
        }
        if (outcome.kind === 'unanswered') return { status: 502, message: PAYMENT_MESSAGES.unconfirmed, transactionId: null, transactionResponse: null };
        const message = outcome.kind === 'declined' ? outcome.message : (outcome.payment.message ?? PAYMENT_MESSAGES.paymentError);
        return { status: 402, message, transactionId: payment?.id ?? null, transactionResponse: responseCode };
      },
    }));
  }
}
