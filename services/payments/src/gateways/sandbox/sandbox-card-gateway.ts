import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { apiUrl, paymentRoutes } from '@storefront/contracts';
import { Repository } from 'typeorm';
import { cardPayment, initiateCardIntent, type CardIntentOperations, type ProviderIntent } from '../card-intents/card-intent-flow.js';
import {
  GatewayDeclined,
  GatewayLookupError,
  type GatewayName,
  type GatewayPayment,
  type InitiateInput,
  type PaymentGateway,
  type WebhookRequest,
} from '../payment-gateway.js';
import { decodeSandboxToken, type SandboxCard } from './hosted-fields/sandbox-token.js';
import { confirmedIntentState } from './sandbox-cards.js';
import { SandboxIntent } from './sandbox.entities.js';
import { SANDBOX_ID, clientSecretFor, sandboxId } from './sandbox-ids.js';
import { findWaiting, settleWaiting, type SandboxWait } from './sandbox-waits.js';
import { parseSandboxWebhook } from './sandbox-webhooks.js';
import { sandboxRefund } from './sandbox-refunds.js';
import { sameSecret } from '../../payments/gateway-calls.js';

/** A card intent waiting on its 3-D Secure challenge page. */
const CHALLENGE_WAIT: SandboxWait & { challenge: true } = { kind: 'card', status: 'requires_action', challenge: true };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the sandbox takes to answer for the slow test card (past the payments service's gateway timeout). */
export function sandboxSlowMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SANDBOX_SLOW_MS);
  return Number.isInteger(value) && value >= 0 ? value : 30_000;
}

/**
 * The sandbox card gateway: card intents that behave like Stripe's for the sandbox test cards, kept
 * in PostgreSQL so a payment survives a restart and several replicas agree on it. It answers for
 * the card gateways that have no keys (stripe, authorizenet) through the same adapter interface a
 * real gateway implements, and passes the same adapter suite. The card is the token the hosted
 * fields frame made in the shopper's browser: it names the outcome, brand and last four digits,
 * which the intent keeps. The card number never reaches us.
 */
@Injectable()
export class SandboxCardGateway {
  constructor(
    @InjectRepository(SandboxIntent) private readonly intents: Repository<SandboxIntent>,
  ) {}

  /** The adapter for one card gateway name (stripe, authorizenet) backed by the sandbox. */
  emulating(name: GatewayName): PaymentGateway {
    const ops: CardIntentOperations = {
      create: (input) => this.create(input),
      confirm: (id, token, returnUrl) => this.confirmWithCard(id, token, returnUrl),
      capture: (id) => this.captureIntent(id),
      retrieve: async (id) => this.provider(await this.intent(id)),
    };
    return {
      name,
      sandbox: true,
      testMode: true,
      initiate: async (input) => {
        // the provider's idempotency: a create repeated with the same reference answers the first payment
        const earlier = await this.intents.findOneBy({ kind: 'card', reference: input.reference });
        if (earlier) return cardPayment(await this.provider(earlier));
        return initiateCardIntent(ops, input);
      },
      confirm: async (id, proof) => {
        const intent = await this.intent(id);
        if (proof?.clientSecret !== undefined && !sameSecret(proof.clientSecret, intent.clientSecret)) {
          throw new GatewayLookupError('The payment intent client secret does not match.');
        }
        return cardPayment(await this.provider(intent));
      },
      capture: async (id) => cardPayment(await this.captureIntent(id)),
      getStatus: async (id) => cardPayment(await this.provider(await this.intent(id))),
      findByReference: async (reference) => {
        const intent = await this.intents.findOneBy({ kind: 'card', reference });
        return intent ? cardPayment(await this.provider(intent)) : null;
      },
      cancel: (id) => this.cancel(id),
      refund: (id, input) => sandboxRefund(this.intents, 'card', id, input),
      update: (id, changes) => this.update(id, changes.metadata),
      parseWebhook: async (request: WebhookRequest) => parseSandboxWebhook(request),
    };
  }

  /** The challenge page's answer: the intent succeeds or is canceled. Undefined when nothing is pending. */
  async settleChallenge(id: string, authenticated: boolean): Promise<SandboxIntent | undefined> {
    return settleWaiting(this.intents, id, CHALLENGE_WAIT, {
      status: authenticated ? 'succeeded' : 'canceled',
      challenge: false,
      lastError: authenticated ? null : 'The shopper failed 3-D Secure authentication.',
    });
  }

  /** An intent still waiting for its challenge, for the challenge page. */
  async pendingChallenge(id: string): Promise<SandboxIntent | undefined> {
    return findWaiting(this.intents, id, CHALLENGE_WAIT, (intent) => intent.challenge);
  }

  private async create(input: InitiateInput): Promise<ProviderIntent> {
    const card = input.paymentToken ? this.cardOf(input.paymentToken) : null;
    const id = sandboxId('pi_sandbox');
    const intent = this.intents.create({
      id,
      kind: 'card',
      clientSecret: clientSecretFor(id),
      amount: input.amount,
      currency: 'usd',
      status: input.paymentToken ? 'requires_confirmation' : 'requires_payment_method',
      paymentMethodId: input.paymentToken ?? null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardOutcome: card?.outcome ?? null,
      challenge: false,
      returnUrl: input.returnUrl,
      metadata: input.metadata,
      lastError: null,
      reference: input.reference,
    });
    await this.intents.insert(intent);
    return this.provider(intent);
  }

  private async confirmWithCard(id: string, token: string, returnUrl: string): Promise<ProviderIntent> {
    const intent = await this.intent(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new GatewayDeclined(`This payment cannot be confirmed in status ${intent.status}.`, cardPayment(await this.provider(intent)));
    }
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
      returnUrl,
    });
    await this.intents.save(intent);
    // the slow test card: the payment is taken, but the answer comes after the caller's time bound
    if (card.outcome === 'slow') await sleep(sandboxSlowMs());
    return this.provider(intent);
  }

  private async captureIntent(id: string): Promise<ProviderIntent> {
    const intent = await this.intent(id);
    if (intent.status === 'requires_capture') {
      intent.status = 'succeeded';
      await this.intents.save(intent);
    } else if (intent.status !== 'succeeded') {
      throw new GatewayDeclined(`This payment cannot be captured in status ${intent.status}.`, cardPayment(await this.provider(intent)));
    }
    return this.provider(intent);
  }

  private async cancel(id: string): Promise<GatewayPayment> {
    const intent = await this.intent(id);
    if (['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing'].includes(intent.status)) {
      Object.assign(intent, { status: 'canceled', challenge: false, lastError: intent.lastError ?? 'The payment was canceled.' });
      await this.intents.save(intent);
    }
    return cardPayment(await this.provider(intent));
  }

  private async update(id: string, metadata: Record<string, string>): Promise<GatewayPayment> {
    const intent = await this.intent(id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw new GatewayDeclined(`This payment cannot be changed in status ${intent.status}.`, cardPayment(await this.provider(intent)));
    }
    intent.metadata = { ...intent.metadata, ...metadata };
    await this.intents.save(intent);
    return cardPayment(await this.provider(intent));
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

  /** The intent in the provider's words (card-intent-flow turns it into neutral ones). */
  private async provider(intent: SandboxIntent): Promise<ProviderIntent> {
    return {
      id: intent.id,
      status: intent.status,
      clientSecret: intent.clientSecret,
      amount: intent.amount,
      redirectUrl:
        intent.status === 'requires_action' && intent.challenge
          ? apiUrl(paymentRoutes.sandboxChallengePage, { params: { intentId: intent.id }, query: { return_url: intent.returnUrl ?? '' } })
          : null,
      lastError: intent.lastError,
      card: intent.cardBrand && intent.cardLast4 ? { brand: intent.cardBrand, last4: intent.cardLast4 } : null,
      metadata: intent.metadata,
    };
  }
}
