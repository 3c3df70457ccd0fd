import { Controller, Header } from '@nestjs/common';
import { paymentRoutes, type PaymentMethodsResponse, type QueryOf } from '@storefront/contracts';
import { Route, RouteQuery } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { REAL_ADAPTERS } from '../gateways/adapters.js';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { sandboxPaymentMethod } from '../gateways/sandbox/hosted-fields/sandbox-payment-method.js';
import { gatewayOfMethod } from './offered-methods.js';
import { selectPaymentMethods } from './public-payment-method.js';

@Controller()
export class PaymentMethodsController {
  constructor(
    private readonly store: ContentStore,
    private readonly gateways: GatewayRegistry,
  ) {}

  @Route(paymentRoutes.paymentMethods)
  @Header('Cache-Control', 'no-cache')
  async list(@RouteQuery() { scope }: QueryOf<typeof paymentRoutes.paymentMethods>): Promise<PaymentMethodsResponse> {
    // a method whose gateway has no adapter here (no keys, and no sandbox in production) cannot be paid: never offered
    const methods = (await this.store.loadPaymentMethods()).filter((method) => {
      const gateway = method ? gatewayOfMethod(method) : undefined;
      return gateway !== undefined && this.gateways.get(gateway) !== undefined;
    });
    const paymentMethods = selectPaymentMethods(methods, scope || undefined).map((listed) => {
      // the card entry is the provider's, on the sandbox too: its hosted fields stand in with the provider's layout
      const gateway = gatewayOfMethod(listed);
      const method = gateway ? { ...listed, cardEntry: REAL_ADAPTERS[gateway].cardEntry } : listed;
      if (this.gateways.isSandbox(method.gateway)) return sandboxPaymentMethod(method);
      // a real provider's public keys come from the environment, where its secrets are (never the settings file's)
      const config = this.gateways.publicConfig(method.gateway);
      return config ? { ...method, config: { ...method.config, ...config } } : method;
    });
    return { success: true, paymentMethods };
  }
}
