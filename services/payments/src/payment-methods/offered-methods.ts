import { isOfferedIn } from '@storefront/commerce-rules';
import { PAYABLE_METHOD_NAMES, type PayableMethodName, type PaymentMethod, type PaymentScope } from '@storefront/contracts';
import { isGatewayName } from '../gateways/adapters.js';
import type { GatewayName } from '../gateways/payment-gateway.js';

/**
 * The gateway a settings entry's payments run on. The settings file's `sandbox` gateway stands for
 * the card gateway (stripe) or PayPal, by the method's name.
 */
export function gatewayOfMethod(method: Pick<PaymentMethod, 'name' | 'gateway'>): GatewayName | undefined {
  if (method.gateway === 'sandbox') return method.name === 'online-payment' ? 'paypal' : 'stripe';
  return isGatewayName(method.gateway) ? method.gateway : undefined;
}

/** What a payment route asks for: a method by name (the neutral calls), a gateway by name (the spec's gateway-shaped calls), or both. */
export interface MethodChoice {
  method?: PayableMethodName | undefined;
  gateway?: string | undefined;
}

/**
 * The enabled payment method a payment may go through: one a shopper pays with (credit-card,
 * online-payment), switched on in content/settings/payment-methods.json, offered in the order's
 * scope (a method listing no scopes is offered everywhere), matching the name and gateway asked
 * for. `scope` null: offered in any scope (a check made before the order is known). Undefined when
 * none is: the payment is refused, whatever the gateway could do.
 */
export function offeredMethod(methods: readonly PaymentMethod[], choice: MethodChoice, scope: PaymentScope | null): (PaymentMethod & { gatewayName: GatewayName }) | undefined {
  for (const method of [...methods].sort((a, b) => (Number(a.sortOrder) || 0) - (Number(b.sortOrder) || 0))) {
    if (method?.enabled !== true || !(PAYABLE_METHOD_NAMES as readonly string[]).includes(method.name)) continue;
    const gatewayName = gatewayOfMethod(method);
    if (!gatewayName) continue;
    if (choice.method && method.name !== choice.method) continue;
    if (choice.gateway && gatewayName !== choice.gateway) continue;
    if (scope && !isOfferedIn(method, scope)) continue;
    return { ...method, gatewayName };
  }
  return undefined;
}

/** Whether any enabled method (of any name, split payment included) runs on this gateway: its webhooks are taken. */
export function gatewayInUse(methods: readonly PaymentMethod[], gateway: string): boolean {
  return methods.some((method) => method?.enabled === true && gatewayOfMethod(method) === gateway);
}
