import { isOfferedIn } from '@storefront/commerce-rules';
import type { PaymentMethod } from '@storefront/contracts';

type PublicConfig = NonNullable<PaymentMethod['config']>;
const PUBLIC_CONFIG_KEYS: (keyof PublicConfig)[] = ['publishableKey', 'clientKey', 'loginId', 'acceptJsUrl', 'clientId'];

/**
 * The method as the browser may see it: only the fields of the PaymentMethod contract, and of its
 * config only the public keys. Anything else in the settings file (secret keys, webhook secrets)
 * stays on the server even if an editor puts it there.
 */
export function toPublicPaymentMethod(method: PaymentMethod): PaymentMethod {
  const config: PublicConfig = {};
  for (const key of PUBLIC_CONFIG_KEYS) {
    const value = method.config?.[key];
    if (typeof value === 'string') config[key] = value;
  }
  return {
    name: method.name,
    title: method.title,
    description: method.description,
    enabled: method.enabled,
    isDefault: method.isDefault,
    gateway: method.gateway,
    sortOrder: method.sortOrder,
    ...(method.metadata ? { metadata: method.metadata } : {}),
    ...(method.availableMethods ? { availableMethods: method.availableMethods } : {}),
    ...(method.dependsOn ? { dependsOn: method.dependsOn } : {}),
    ...(method.scopes ? { scopes: method.scopes } : {}),
    ...(method.config ? { config } : {}),
  };
}

/**
 * Enabled methods by sortOrder; with a scope, only those offered in it (a method without scopes is
 * offered everywhere).
 */
export function selectPaymentMethods(methods: PaymentMethod[], scope?: string): PaymentMethod[] {
  return methods
    .filter((method) => method && method.enabled === true)
    .filter((method) => !scope || isOfferedIn(method, scope))
    .sort((a, b) => (Number(a.sortOrder) || 0) - (Number(b.sortOrder) || 0))
    .map(toPublicPaymentMethod);
}
