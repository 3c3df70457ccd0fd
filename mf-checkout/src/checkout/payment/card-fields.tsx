import type { ComponentType } from 'react';
import { PAYMENT_MESSAGES, type PaymentMethod, type SandboxCardElement } from '@storefront/contracts';
import { ProviderCardFields } from './CardFields.js';
import { fieldsTokenizer, sandboxProviderOf, type CardTokenizer } from './card-tokenizer.js';
import { lazyProviderComponent } from './lazy-provider.js';

const CARD_FIELDS_LOADING = 'Loading secure card fields…';

/**
 * The card fields of any provider, as the checkout holds them: they validate and tokenise the card
 * in the provider's own fields (the number never reaches our form or servers), and can take focus,
 * be emptied and be removed. The sandbox's frame already answers this way; each real provider's
 * fields wrap its script (Stripe Elements, Accept.js) to answer the same.
 */
export interface CardFieldsHandle extends SandboxCardElement {
  /**
   * Fields that collect the payment details and confirm the payment themselves (Stripe's Payment
   * Element): `tokenize` only checks them and answers an empty token, and once the payments service
   * has created the payment (nextAction confirm) this confirms it in the provider's script with the
   * client secret. The page then leaves for the provider's return page; a refusal resolves with its message.
   */
  confirm?(clientSecret: string): Promise<{ error: string }>;
}

export interface CardFieldsProps {
  method: PaymentMethod;
  /** what the order will cost, in cents (fields that show the amount or need it up front: Stripe's Payment Element) */
  amount?: number;
  /** the mounted fields, or null while there are none (loading, failed, unmounted) */
  onElement(element: CardFieldsHandle | null): void;
  /**
   * The fields are (re)loading: their script is asked for at first, and again on Retry after it
   * failed. A submit pressed meanwhile waits for them (card-fields-slot.ts); without this a press
   * during a Retry's reload met the failure's answer and was told the provider is not ready.
   */
  onLoading?(): void;
  /** Enter pressed in the fields */
  onSubmit?(): void;
}

function SandboxCardFields({ method, onElement, onLoading, onSubmit }: CardFieldsProps) {
  const provider = sandboxProviderOf(method);
  if (!provider) return null;
  return <ProviderCardFields scriptUrl={provider.scriptUrl} layout={provider.layout} onElement={onElement} onLoading={onLoading} onSubmit={onSubmit} />;
}

/** Each real provider's card fields, one entry per gateway, loaded when a shopper picks that method. */
const PROVIDER_CARD_FIELDS: Partial<Record<PaymentMethod['gateway'], ComponentType<CardFieldsProps>>> = {
  stripe: lazyProviderComponent(() => import('./stripe/StripeCardFields.js'), CARD_FIELDS_LOADING),
  authorizenet: lazyProviderComponent(() => import('./authorizenet/AuthorizeNetCardFields.js'), CARD_FIELDS_LOADING),
};

/** The card fields for a card method: the sandbox's frame on the sandbox, else its provider's; undefined when there are none. */
export function cardFieldsFor(method: PaymentMethod): ComponentType<CardFieldsProps> | undefined {
  if (sandboxProviderOf(method)) return SandboxCardFields;
  return PROVIDER_CARD_FIELDS[method.gateway];
}

/**
 * The method's tokenizer (its fields, once mounted, make the token), or why there is none: a card
 * gateway without fields here cannot take a card ('Stripe.js not ready' for stripe).
 */
export function cardTokenizerFor(method: PaymentMethod, element: () => CardFieldsHandle | null = () => null): CardTokenizer | { unavailable: string } {
  if (cardFieldsFor(method)) return fieldsTokenizer(method, element);
  return { unavailable: method.gateway === 'stripe' ? PAYMENT_MESSAGES.stripeNotReady : PAYMENT_MESSAGES.errorWhileHandling };
}
