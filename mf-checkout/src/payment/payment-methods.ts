import { samplePaymentMethodsUrl, type CardEntryKind, type PaymentMethod } from '@storefront/contracts';

export const PAYMENT_METHODS_URL = samplePaymentMethodsUrl();

/**
 * The chooser's value for a method. Two methods may share a name (the stripe and the Authorize.net
 * 'credit-card'), so the key carries the gateway too; the order gets `method.name`.
 */
export function paymentMethodKey(method: PaymentMethod): string {
  return `${method.name}:${method.gateway}`;
}

/** Enabled methods by sortOrder ascending (spec 4: payment methods). */
export function choosableMethods(methods: PaymentMethod[] | undefined): PaymentMethod[] {
  return (methods ?? []).filter((method) => method.enabled !== false).sort((a, b) => a.sortOrder - b.sortOrder);
}

/** The enabled method marked default, else the first. */
export function defaultMethod(methods: PaymentMethod[]): PaymentMethod | undefined {
  return methods.find((method) => method.isDefault) ?? methods[0];
}

export function findMethod(methods: PaymentMethod[], key: string): PaymentMethod | undefined {
  return methods.find((method) => paymentMethodKey(method) === key);
}

/**
 * The gateway runs on the payments service's offline sandbox: flagged by the service, or no public
 * key/client id configured (a real provider cannot run without one).
 */
export function isSandbox(method: PaymentMethod): boolean {
  if (method.sandbox === true || method.gateway === 'sandbox') return true;
  const config = method.config ?? {};
  if (method.gateway === 'stripe') return !config.publishableKey;
  if (method.gateway === 'paypal') return !config.clientId;
  if (method.gateway === 'authorizenet') return !config.clientKey || !config.loginId;
  return false;
}

/** Which card fields the method shows, as the payments service says its gateway takes a card (none: a redirect such as PayPal's). */
export function cardEntryOf(method: PaymentMethod | undefined): CardEntryKind {
  return method?.cardEntry ?? 'none';
}
