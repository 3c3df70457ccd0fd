import { PAYMENT_MESSAGES, type PaymentMethod, type SandboxCardElement, type SandboxCardLayout } from '@storefront/contracts';
import { cardEntryOf, isSandbox } from './payment-methods.js';

/** A token to charge, or why there is none (`field`: the provider frame refused a field and shows why). */
export type TokenizeResult = { ok: true; paymentMethodId: string } | { ok: false; message: string; field?: string };

/**
 * The seam between the checkout and a card provider: one tokenizer per gateway asks the provider's
 * own fields (in the provider's frame) for a token the payments service can charge. The checkout
 * never holds the card. Only the sandbox's exists today; the real providers (Stripe.js with the
 * publishable key, Accept.js with clientKey/loginId) come in a later issue and plug in here, in
 * `cardTokenizerFor`, without touching the form.
 */
export interface CardTokenizer {
  gateway: PaymentMethod['gateway'];
  tokenize(): Promise<TokenizeResult>;
}

/** Spec 8: 'Stripe.js not ready' for the hosted card elements, 'Payment Error' for direct (Authorize-style) entry. */
export function providerNotReadyMessage(layout: SandboxCardLayout): string {
  return layout === 'direct' ? PAYMENT_MESSAGES.paymentError : PAYMENT_MESSAGES.stripeNotReady;
}

/** Which fields the provider frame shows for a card method: direct entry for authorizenet, else hosted elements. */
export function cardLayoutOf(method: PaymentMethod): SandboxCardLayout {
  return cardEntryOf(method) === 'direct' ? 'direct' : 'hosted';
}

/** A sandbox card method's provider: the hosted fields script its config names. */
export function sandboxProviderOf(method: PaymentMethod): { scriptUrl: string; layout: SandboxCardLayout } | undefined {
  const scriptUrl = method.config?.scriptUrl;
  return isSandbox(method) && cardEntryOf(method) !== 'none' && scriptUrl ? { scriptUrl, layout: cardLayoutOf(method) } : undefined;
}

function frameTokenizer(method: PaymentMethod, element: () => SandboxCardElement | null): CardTokenizer {
  const notReady = providerNotReadyMessage(cardLayoutOf(method));
  return {
    gateway: method.gateway,
    async tokenize() {
      const card = element();
      if (!card) return { ok: false, message: notReady };
      try {
        const result = await card.tokenize();
        if ('token' in result) return { ok: true, paymentMethodId: result.token };
        return { ok: false, message: result.error.message, field: result.error.field };
      } catch (error) {
        console.error('[checkout] the card frame did not answer', error);
        return { ok: false, message: notReady };
      }
    },
  };
}

/**
 * The method's tokenizer, or why there is none ('Stripe.js not ready' until the real providers
 * land). `element` is the mounted provider frame, when there is one.
 */
export function cardTokenizerFor(method: PaymentMethod, element: () => SandboxCardElement | null = () => null): CardTokenizer | { unavailable: string } {
  if (sandboxProviderOf(method)) return frameTokenizer(method, element);
  // Later issue: `if (method.gateway === 'stripe') return stripeJsTokenizer(method.config.publishableKey)`, etc.
  return { unavailable: method.gateway === 'stripe' ? PAYMENT_MESSAGES.stripeNotReady : PAYMENT_MESSAGES.errorWhileHandling };
}
