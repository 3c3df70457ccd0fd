import { Controller, Header } from '@nestjs/common';
import { paymentRoutes, type PaymentMethodsResponse, type QueryOf } from '@storefront/contracts';
import { Route, RouteQuery } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { sandboxPaymentMethod } from '../gateways/sandbox/hosted-fields/sandbox-payment-method.js';
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
    const methods = await this.store.loadPaymentMethods();
    const paymentMethods = selectPaymentMethods(methods, scope || undefined).map((method) => {
      if (this.gateways.isSandbox(method.gateway)) return sandboxPaymentMethod(method);
      // a real provider's public keys come from the environment, where its secrets are (never the settings file's)
      const config = this.gateways.publicConfig(method.gateway);
      return config ? { ...method, config: { ...method.config, ...config } } : method;
    });
    return { success: true, paymentMethods };
  }
}
