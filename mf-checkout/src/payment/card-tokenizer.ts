import { PAYMENT_MESSAGES, type PaymentMethod, type SandboxCardElement, type SandboxCardLayout } from '@storefront/contracts';
import { cardEntryOf, isSandbox } from './payment-methods.js';

/** A token to charge, or why there is none (`field`: the provider frame refused a field and shows why). */
export type TokenizeResult =
  /** `paymentMethodId` absent: the fields hold valid details the provider's script confirms itself once the payment exists */
  | { ok: true; paymentMethodId?: string }
  | { ok: false; message: string; field?: string };

/**
 * The seam between the checkout and a card provider: one tokenizer per gateway asks the provider's
 * own fields (in the provider's frame) for a token the payments service can charge. The checkout
 * never holds the card. Each provider's fields plug in in card-fields.tsx without touching the form.
 */
export interface CardTokenizer {
  gateway: PaymentMethod['gateway'];
  tokenize(): Promise<TokenizeResult>;
  /** confirms a payment the server created without a token (nextAction confirm), in the provider's script; absent: the fields cannot */
  confirm?(clientSecret: string): Promise<{ error: string }>;
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

/** A tokenizer over mounted card fields (any provider's: they all answer like the sandbox frame). */
export function fieldsTokenizer(method: PaymentMethod, element: () => (SandboxCardElement & { confirm?(clientSecret: string): Promise<{ error: string }> }) | null): CardTokenizer {
  const notReady = providerNotReadyMessage(cardLayoutOf(method));
  return {
    gateway: method.gateway,
    async tokenize() {
      const card = element();
      if (!card) return { ok: false, message: notReady };
      try {
        const result = await card.tokenize();
        if ('token' in result) return result.token ? { ok: true, paymentMethodId: result.token } : { ok: true };
        return { ok: false, message: result.error.message, field: result.error.field };
      } catch (error) {
        console.error('[checkout] the card frame did not answer', error);
        return { ok: false, message: notReady };
      }
    },
    async confirm(clientSecret) {
      const card = element();
      if (!card?.confirm) return { error: notReady };
      try {
        return await card.confirm(clientSecret);
      } catch (error) {
        console.error('[checkout] the card provider did not confirm', error);
        return { error: notReady };
      }
    },
  };
}
