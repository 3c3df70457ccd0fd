import { randomUUID } from 'node:crypto';
import {
  GatewayDeclined,
  GatewayLookupError,
  WebhookSignatureError,
  type GatewayPayment,
  type InitiateInput,
  type PaymentGateway,
  type WebhookRequest,
} from '../gateways/payment-gateway.js';

/**
 * The one behaviour every gateway adapter must show, whatever provider is behind it: the sandbox
 * runs it against PostgreSQL, a real adapter against its provider's stand-in (the real SDK pointed
 * at a local HTTP server). Each adapter's test file calls `describeGatewayAdapter` with a harness
 * that knows how to play the shopper and the provider for it.
 */
export interface AdapterHarness {
  /** 'card': paid with a token from the provider's hosted fields; 'redirect': the shopper approves on the provider's page (PayPal) */
  kind: 'card' | 'redirect';
  adapter(): Promise<PaymentGateway> | PaymentGateway;
  /** card gateways: a token for a card with this behaviour (the sandbox test cards' outcomes) */
  cardToken?(outcome: 'succeeds' | 'declined' | 'requiresAuthentication' | 'pending'): Promise<string> | string;
  /** the shopper on the provider's page (3-D Secure, approval): approves or gives up */
  shopperAnswers(payment: GatewayPayment, approve: boolean): Promise<void>;
  /**
   * What this provider does not have, each with the reason (the suite skips those checks and says
   * why): `shopperPage`, no page the shopper is sent to for a card (Authorize.Net's Accept.js has no
   * 3-D Secure step), so cancel is tried on a pending payment; `metadataUpdate`, the payment's
   * metadata is fixed when it is made.
   */
  lacks?: { shopperPage?: string; metadataUpdate?: string };
  /** a webhook about `paymentId` as the provider would send it, signed, or with a wrong signature */
  webhook(paymentId: string, options: { eventId: string; signed: boolean }): Promise<WebhookRequest> | WebhookRequest;
  /** how many refunds the provider itself has made of a payment (what it saw, not what the adapter answered) */
  refundsAtProvider(paymentId: string): Promise<number> | number;
  /**
   * The provider's daily settlement, for a provider that refunds only settled payments
   * (Authorize.Net: before it, a payment can only be voided, whole); run before each refund case.
   */
  settle?(): Promise<void> | void;
}

const input = (overrides: Partial<InitiateInput> = {}): InitiateInput => ({
  amount: 2171,
  currency: 'usd',
  returnUrl: '/payment/verify/stripe',
  receiptEmail: 'ann@example.com',
  metadata: { orderId: 'order-1', orderIncrementId: 'SF-100001' },
  reference: randomUUID(),
  ...overrides,
});

export function describeGatewayAdapter(name: string, harness: AdapterHarness): void {
  describe(`${name}: the shared gateway adapter behaviour`, () => {
    let gateway: PaymentGateway;
    beforeAll(async () => {
      gateway = await harness.adapter();
    });

    /** A payment the shopper pays in full: a good card, or approval on the provider's page. */
    async function paid(overrides: Partial<InitiateInput> = {}): Promise<GatewayPayment> {
      if (harness.kind === 'card') return gateway.initiate(input({ paymentToken: await harness.cardToken!('succeeds'), ...overrides }));
      const started = await gateway.initiate(input(overrides));
      await harness.shopperAnswers(started, true);
      return gateway.confirm(started.id);
    }

    /** A payment waiting for the shopper on the provider's page. */
    async function awaitingShopper(): Promise<GatewayPayment> {
      if (harness.kind === 'card') return gateway.initiate(input({ paymentToken: await harness.cardToken!('requiresAuthentication') }));
      return gateway.initiate(input());
    }

    it('takes the amount in cents and answers in neutral words', async () => {
      const payment = await paid();
      expect(payment).toMatchObject({ status: 'completed', amount: 2171, currency: 'usd', nextAction: null, message: null });
      expect(typeof payment.rawStatus).toBe('string');
      if (harness.kind === 'card') expect(payment.card).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/) });
      expect(await gateway.getStatus(payment.id)).toMatchObject({ id: payment.id, status: 'completed', amount: 2171 });
    });

    it('finds the payment made for an attempt by its reference, and none for a reference it never saw', async () => {
      const reference = randomUUID();
      const payment = await paid({ reference });
      expect(await gateway.findByReference(reference)).toMatchObject({ id: payment.id, status: 'completed' });
      expect(await gateway.findByReference(randomUUID())).toBeNull();
    });

    it('charges once when the same reference is initiated twice (a retry after a crash or a timeout)', async () => {
      if (harness.kind !== 'card') return; // a redirect payment charges only when the shopper approves
      const reference = randomUUID();
      const token = await harness.cardToken!('succeeds');
      const first = await gateway.initiate(input({ reference, paymentToken: token }));
      const again = await gateway.initiate(input({ reference, paymentToken: token }));
      expect(again.id).toBe(first.id);
      expect(again.status).toBe('completed');
    });

    it('refuses an id it does not know', async () => {
      await expect(gateway.getStatus('unknown_0000000000')).rejects.toBeInstanceOf(GatewayLookupError);
      await expect(gateway.confirm('unknown_0000000000')).rejects.toBeInstanceOf(GatewayLookupError);
    });

    const withShopperPage = harness.lacks?.shopperPage ? it.skip : it;
    const withMetadataUpdate = harness.lacks?.metadataUpdate ? it.skip : it;

    withShopperPage('hands the shopper a page to go to, then confirms what they did there', async () => {
      const waiting = await awaitingShopper();
      expect(waiting.nextAction).toMatchObject({ type: 'redirect', url: expect.any(String) });
      expect(waiting.status).not.toBe('completed');
      await harness.shopperAnswers(waiting, true);
      expect(await gateway.confirm(waiting.id)).toMatchObject({ status: 'completed', nextAction: null });

      const givenUp = await awaitingShopper();
      await harness.shopperAnswers(givenUp, false);
      expect(await gateway.confirm(givenUp.id)).toMatchObject({ status: 'failed' });
    });

    it('cancels a payment that has not completed; it can no longer complete', async () => {
      const waiting = harness.lacks?.shopperPage
        ? await gateway.initiate(input({ paymentToken: await harness.cardToken!('pending') }))
        : await awaitingShopper();
      expect((await gateway.cancel(waiting.id)).status).toBe('failed');
      expect((await gateway.getStatus(waiting.id)).status).toBe('failed');
    });

    if (harness.kind === 'card') {
      it('throws a decline with the provider message; the payment failed', async () => {
        const error = await gateway.initiate(input({ paymentToken: await harness.cardToken!('declined') })).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(GatewayDeclined);
        expect((error as GatewayDeclined).message).toBeTruthy();
        expect((error as GatewayDeclined).payment?.status).toBe('failed');
      });

      it('leaves a payment the bank is still processing pending', async () => {
        expect((await gateway.initiate(input({ paymentToken: await harness.cardToken!('pending') }))).status).toBe('pending');
      });
    }

    describe('refunds, at most once per reference', () => {
      /** A completed payment as the provider refunds it (settled, for a provider that settles first). */
      async function refundable(): Promise<GatewayPayment> {
        const payment = await paid();
        await harness.settle?.();
        return payment;
      }
      const refund = (payment: GatewayPayment, amount: number, reference: string = randomUUID()) => gateway.refund(payment.id, { amount, reference });
      const declined = async (refunding: Promise<unknown>) => expect(await refunding.catch((error: unknown) => error)).toBeInstanceOf(GatewayDeclined);

      it('refunds a completed payment in full, in cents, with the provider id of the refund', async () => {
        const payment = await refundable();
        const made = await refund(payment, 2171);
        expect(made).toMatchObject({ amount: 2171, id: expect.stringMatching(/\S/) });
        expect(['completed', 'pending']).toContain(made.status);
        expect(made.id).not.toBe(payment.id);
        expect(await harness.refundsAtProvider(payment.id)).toBe(1);
      });

      it('refunds part, then the rest; nothing is left after that', async () => {
        const payment = await refundable();
        expect(await refund(payment, 1000)).toMatchObject({ amount: 1000 });
        expect(await refund(payment, 1171)).toMatchObject({ amount: 1171 });
        await declined(refund(payment, 100));
        expect(await harness.refundsAtProvider(payment.id)).toBe(2);
      });

      it('refunds once when the same reference is sent again (a retry after a timeout or a crash), and answers that refund', async () => {
        const payment = await refundable();
        const reference = randomUUID();
        const first = await refund(payment, 1000, reference);
        const again = await refund(payment, 1000, reference);
        expect(again).toMatchObject({ id: first.id, amount: 1000 });
        expect(await harness.refundsAtProvider(payment.id)).toBe(1);
        // what the first took is all it took: the rest is still there under another reference
        expect(await refund(payment, 1171)).toMatchObject({ amount: 1171 });
        expect(await harness.refundsAtProvider(payment.id)).toBe(2);
      });

      it('refunds once when the same reference is sent again after the provider settled the first (a retry the next day)', async () => {
        const payment = await refundable();
        const reference = randomUUID();
        const first = await refund(payment, 1000, reference);
        // the nightly batch: a provider that lists refunds by settlement (Authorize.Net) now shows this one among the settled
        await harness.settle?.();
        const again = await refund(payment, 1000, reference);
        expect(again).toMatchObject({ id: first.id, amount: 1000 });
        expect(await harness.refundsAtProvider(payment.id)).toBe(1);
      });

      it('declines more than the payment took', async () => {
        const payment = await refundable();
        await declined(refund(payment, 2172));
        expect(await harness.refundsAtProvider(payment.id)).toBe(0);
      });

      it('declines a refund of a payment that did not complete', async () => {
        const waiting = harness.kind === 'card' ? await gateway.initiate(input({ paymentToken: await harness.cardToken!('pending') })) : await gateway.initiate(input());
        expect(waiting.status).not.toBe('completed');
        await declined(refund(waiting, 2171));
        expect(await harness.refundsAtProvider(waiting.id)).toBe(0);
      });
    });

    withMetadataUpdate('sets metadata (our order ids) but never the amount', async () => {
      const waiting = await awaitingShopper();
      const updated = await gateway.update(waiting.id, { metadata: { paymentId: 'pay-1' } });
      expect(updated.metadata).toMatchObject({ orderId: 'order-1', paymentId: 'pay-1' });
      expect(updated.amount).toBe(2171);
    });

    it('reads a webhook it signed and refuses one it did not', async () => {
      const payment = await paid();
      const eventId = `WH-${randomUUID()}`; // the shape PayPal checks before asking PayPal; any id for the others
      expect(await gateway.parseWebhook(await harness.webhook(payment.id, { eventId, signed: true }))).toMatchObject({ id: eventId, paymentId: payment.id });
      await expect(gateway.parseWebhook(await harness.webhook(payment.id, { eventId, signed: false }))).rejects.toBeInstanceOf(WebhookSignatureError);
    });
  });
}
