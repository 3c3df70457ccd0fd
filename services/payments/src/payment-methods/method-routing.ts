import { BadRequestException, Injectable } from '@nestjs/common';
import { PAYMENT_MESSAGES, isPayableMethodName, type PaymentMethod, type PaymentScope } from '@storefront/contracts';
import { ContentStore } from '@storefront/site-config';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { REAL_ADAPTERS, isGatewayName } from '../gateways/adapters.js';
import type { GatewayName, PaymentGateway } from '../gateways/payment-gateway.js';
import { offeredMethod, type MethodChoice } from './offered-methods.js';

/** The method name (checkout) a gateway's payments are recorded under: its provider says. */
export function methodOfGateway(gateway: GatewayName): 'credit-card' | 'online-payment' {
  return REAL_ADAPTERS[gateway].method;
}

const notAvailable = () => new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });

/** Which enabled payment method, and so which gateway's adapter, a payment call goes through. */
@Injectable()
export class MethodRouting {
  constructor(
    private readonly content: ContentStore,
    private readonly gateways: GatewayRegistry,
  ) {}

  /**
   * The enabled payment method a payment goes through and its gateway's adapter: a method switched
   * on in content/settings/payment-methods.json, offered in `scope` (the order's; null before the
   * order is known: offered anywhere), whose gateway has an adapter here (its keys, or the sandbox
   * where the sandbox may run). Anything else is 400 'Payment method not available', whichever
   * route named it: a disabled method's gateway takes no payment, even though its adapter exists.
   */
  async offered(choice: MethodChoice, scope: PaymentScope | null): Promise<{ gateway: PaymentGateway; method: PaymentMethod }> {
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    const method = offeredMethod(methods, choice, scope);
    const gateway = method ? this.gateways.get(method.gatewayName) : undefined;
    if (!method || !gateway) throw notAvailable();
    return { gateway, method };
  }

  /** What the verify URL's `:paymentMethod` names: a gateway (stripe, paypal, ...) or a method (credit-card, online-payment). */
  choiceOf(name: string): MethodChoice {
    if (isGatewayName(name)) return { gateway: name };
    if (isPayableMethodName(name)) return { method: name };
    throw notAvailable();
  }

  /** The title the shop gives the gateway's method (the order's payment line), from the settings file. */
  async methodTitle(gateway: GatewayName): Promise<string> {
    const method = methodOfGateway(gateway);
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    return methods.find((m) => m.name === method && (m.gateway === gateway || m.gateway === 'sandbox'))?.title ?? REAL_ADAPTERS[gateway].title;
  }
}
