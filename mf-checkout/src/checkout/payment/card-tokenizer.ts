import { parseCardExpiry } from '@storefront/commerce-rules';
import { PAYMENT_MESSAGES, apiUrl, call, paymentRoutes, type PaymentMethod, type SandboxCardRequest } from '@storefront/contracts';
import { cardEntryOf, isSandbox } from './payment-methods.js';

/** What the shopper typed into the card fields (hosted: cardExpiry + cardCvc; direct: expMonth, expYear, cardCode). */
export interface CardInput {
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  expMonth: string;
  expYear: string;
  cardCode: string;
}

export type TokenizeResult = { ok: true; paymentMethodId: string } | { ok: false; message: string };

/**
 * The seam between the checkout and a card provider: one tokenizer per gateway turns the card fields
 * into a payment-method id the payments service can charge. Only the sandbox's exists today; the real
 * providers (Stripe.js with the publishable key, Accept.js with clientKey/loginId) come in a later
 * issue and plug in here, in `cardTokenizerFor`, without touching the form.
 */
export interface CardTokenizer {
  gateway: PaymentMethod['gateway'];
  tokenize(card: CardInput, idempotencyKey: string): Promise<TokenizeResult>;
}

export const SANDBOX_CARD_URL = apiUrl(paymentRoutes.sandboxTokenise);
/** The sandbox runs every card gateway through the card-intent endpoint (Stripe's vocabulary). */
export const CARD_INTENT_GATEWAY = 'stripe';
export const CARD_INTENT_URL = apiUrl(paymentRoutes.createIntent, { params: { gateway: CARD_INTENT_GATEWAY } });

function sandboxTokenizer(method: PaymentMethod): CardTokenizer {
  const hosted = cardEntryOf(method) === 'hosted';
  return {
    gateway: method.gateway,
    async tokenize(card, idempotencyKey) {
      const expiry = hosted ? parseCardExpiry(card.cardExpiry) : { month: card.expMonth, year: card.expYear };
      const request: SandboxCardRequest = {
        cardNumber: card.cardNumber.replace(/\D/g, ''),
        expMonth: expiry?.month ?? '',
        expYear: expiry?.year ?? '',
        cvc: hosted ? card.cardCvc : card.cardCode,
      };
      try {
        const answer = await call(paymentRoutes.sandboxTokenise, { body: request, idempotencyKey });
        const card = answer.ok ? answer.data : undefined;
        if (card?.id) return { ok: true, paymentMethodId: card.id };
        return { ok: false, message: (answer.ok ? undefined : answer.error.message) || PAYMENT_MESSAGES.failed };
      } catch {
        return { ok: false, message: PAYMENT_MESSAGES.failed };
      }
    },
  };
}

/** The method's tokenizer, or why there is none ('Stripe.js not ready' until the real providers land). */
export function cardTokenizerFor(method: PaymentMethod): CardTokenizer | { unavailable: string } {
  if (isSandbox(method)) return sandboxTokenizer(method);
  // Later issue: `if (method.gateway === 'stripe') return stripeJsTokenizer(method.config.publishableKey)`, etc.
  return { unavailable: method.gateway === 'stripe' ? PAYMENT_MESSAGES.stripeNotReady : PAYMENT_MESSAGES.errorWhileHandling };
}
