import { Injectable } from '@nestjs/common';
import { apiUrl, paymentRoutes } from '@storefront/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  type CreatePaymentInput,
  GatewayError,
  GatewayLookupError,
  type GatewayName,
  type GatewayPayment,
  type PaymentGateway,
} from '../payment-gateway.js';
import { mapCardIntentStatus } from '../status-mapping.js';
import { decodeSandboxToken, type SandboxCard } from './hosted-fields/sandbox-token.js';
import { confirmedIntentState } from './sandbox-cards.js';
import { SandboxIntent } from './sandbox.entities.js';
import { SANDBOX_ID, clientSecretFor, sandboxId } from './sandbox-ids.js';

/**
 * The sandbox card gateway: card intents that behave like Stripe's for the sandbox test cards,
 * kept in PostgreSQL so a payment survives a restart and several replicas agree on it. The card is
 * the token the hosted fields frame made in the shopper's browser (`paymentMethodId`): it names the
 * outcome, brand and last four digits, which the intent keeps. The card number never reaches us.
 */
@Injectable()
export class SandboxCardGateway {
  constructor(@InjectRepository(SandboxIntent) private readonly intents: Repository<SandboxIntent>) {}

  /** The adapter for one card gateway name (stripe, authorizenet) backed by the sandbox. */
  emulating(name: GatewayName): PaymentGateway {
    return {
      name,
      sandbox: true,
      create: (input) => this.create(input),
      confirm: (id, options) => this.confirm(id, options),
      capture: (id) => this.capture(id),
      retrieve: (id) => this.retrieve(id),
      verify: (id, clientSecret) => this.verify(id, clientSecret),
      update: (id, changes) => this.update(id, changes),
    };
  }

  async create(input: CreatePaymentInput): Promise<GatewayPayment> {
    const card = input.paymentMethodId ? this.cardOf(input.paymentMethodId) : null;
    const id = sandboxId('pi_sandbox');
    const intent = this.intents.create({
      id,
      kind: 'card',
      clientSecret: clientSecretFor(id),
      amount: input.amount,
      currency: 'usd',
      status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
      paymentMethodId: input.paymentMethodId ?? null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardOutcome: card?.outcome ?? null,
      challenge: false,
      returnUrl: input.returnUrl,
      metadata: input.metadata,
      lastError: null,
    });
    await this.intents.insert(intent);
    return this.view(intent);
  }

  async confirm(id: string, options: { paymentMethodId?: string; returnUrl?: string } = {}): Promise<GatewayPayment> {
    const intent = await this.intent(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new GatewayError(`This payment cannot be confirmed in status ${intent.status}.`, await this.view(intent));
    }
    const token = options.paymentMethodId ?? intent.paymentMethodId;
    if (!token) throw new GatewayError('A card is required to confirm this payment.', await this.view(intent));
    const card = this.cardOf(token);
    const next = confirmedIntentState(card.outcome);
    Object.assign(intent, {
      status: next.status,
      lastError: next.lastError,
      challenge: next.challenge,
      paymentMethodId: token,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardOutcome: card.outcome,
      returnUrl: options.returnUrl ?? intent.returnUrl,
    });
    await this.intents.save(intent);
    const payment = await this.view(intent);
    if (next.lastError) throw new GatewayError(next.lastError, payment);
    return payment;
  }

  async capture(id: string): Promise<GatewayPayment> {
    const intent = await this.intent(id);
    if (intent.status === 'requires_capture') {
      intent.status = 'succeeded';
      await this.intents.save(intent);
    } else if (intent.status !== 'succeeded') {
      throw new GatewayError(`This payment cannot be captured in status ${intent.status}.`, await this.view(intent));
    }
    return this.view(intent);
  }

  async retrieve(id: string): Promise<GatewayPayment> {
    return this.view(await this.intent(id));
  }

  async verify(id: string, clientSecret?: string): Promise<GatewayPayment> {
    const intent = await this.intent(id);
    if (clientSecret !== undefined && clientSecret !== intent.clientSecret) {
      throw new GatewayLookupError('The payment intent client secret does not match.');
    }
    return this.view(intent);
  }

  async update(id: string, changes: { amount?: number; metadata?: Record<string, string> }): Promise<GatewayPayment> {
    const intent = await this.intent(id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw new GatewayError(`This payment cannot be changed in status ${intent.status}.`, await this.view(intent));
    }
    if (changes.amount !== undefined) intent.amount = changes.amount;
    if (changes.metadata) intent.metadata = { ...intent.metadata, ...changes.metadata };
    await this.intents.save(intent);
    return this.view(intent);
  }

  /** The challenge page's answer: the intent succeeds or is canceled. False when nothing is pending. */
  async settleChallenge(id: string, authenticated: boolean): Promise<SandboxIntent | undefined> {
    // One conditional UPDATE, so a double submit cannot settle the intent twice.
    const result = await this.intents
      .createQueryBuilder()
      .update()
      .set({
        status: authenticated ? 'succeeded' : 'canceled',
        challenge: false,
        lastError: authenticated ? null : 'The shopper failed 3-D Secure authentication.',
      })
      .where('id = :id AND status = :status AND challenge = true AND kind = :kind', { id, status: 'requires_action', kind: 'card' })
      .execute();
    return result.affected ? ((await this.intents.findOneBy({ id })) ?? undefined) : undefined;
  }

  /** An intent still waiting for its challenge, for the challenge page. */
  async pendingChallenge(id: string): Promise<SandboxIntent | undefined> {
    if (!SANDBOX_ID.test(id)) return undefined;
    const intent = await this.intents.findOneBy({ id, kind: 'card' });
    return intent && intent.status === 'requires_action' && intent.challenge ? intent : undefined;
  }

  private async intent(id: string): Promise<SandboxIntent> {
    const intent = SANDBOX_ID.test(id) ? await this.intents.findOneBy({ id, kind: 'card' }) : null;
    if (!intent) throw new GatewayLookupError(`No such payment intent: ${id}`);
    return intent;
  }

  /** The card a hosted fields token names; anything else is refused as an unknown payment method. */
  private cardOf(token: string): SandboxCard {
    const card = decodeSandboxToken(token);
    if (!card) throw new GatewayLookupError(`No such payment method: ${token.slice(0, 128)}`);
    return card;
  }

  private async view(intent: SandboxIntent): Promise<GatewayPayment> {
    const challengeUrl =
      intent.status === 'requires_action' && intent.challenge
        ? apiUrl(paymentRoutes.sandboxChallengePage, { params: { intentId: intent.id }, query: { return_url: intent.returnUrl ?? '' } })
        : null;
    return {
      id: intent.id,
      rawStatus: intent.status,
      // A declined card leaves the intent waiting for another card; this attempt failed.
      status: intent.lastError && intent.status === 'requires_payment_method' ? 'failed' : mapCardIntentStatus(intent.status),
      amount: intent.amount,
      currency: 'usd',
      clientSecret: intent.clientSecret,
      nextActionUrl: challengeUrl,
      returnUrl: intent.returnUrl,
      card: intent.cardBrand && intent.cardLast4 ? { brand: intent.cardBrand, last4: intent.cardLast4 } : null,
      message: intent.lastError,
      metadata: intent.metadata,
    };
  }
}
