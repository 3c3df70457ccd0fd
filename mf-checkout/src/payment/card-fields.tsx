import type { ComponentType } from 'react';
import { PAYMENT_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import { ProviderCardFields } from './CardFields.js';
import { fieldsTokenizer, sandboxProviderOf, type CardTokenizer } from './card-tokenizer.js';
import { lazyProviderComponent } from './lazy-provider.js';
import type { CardFieldsHandle, CardFieldsProps } from './provider-props.js';

const CARD_FIELDS_LOADING = 'Loading secure card fields…';

export type { CardFieldsHandle, CardFieldsProps } from './provider-props.js';

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
