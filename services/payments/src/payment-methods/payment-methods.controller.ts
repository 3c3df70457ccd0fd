import { BadRequestException, Controller, Get, Header, Query } from '@nestjs/common';
import type { PaymentMethodsResponse } from '@storefront/contracts';
import { ContentStore } from '@storefront/site-config';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { selectPaymentMethods } from './public-payment-method.js';

const SCOPE = /^[a-z0-9-]{1,64}$/;

@Controller('api/payment-methods')
export class PaymentMethodsController {
  constructor(
    private readonly store: ContentStore,
    private readonly gateways: GatewayRegistry,
  ) {}

  /** GET /api/payment-methods?scope=sample-order */
  @Get()
  @Header('Cache-Control', 'no-cache')
  async list(@Query('scope') scope: unknown): Promise<PaymentMethodsResponse> {
    if (scope !== undefined && (typeof scope !== 'string' || !SCOPE.test(scope))) {
      throw new BadRequestException('scope must be a scope name such as sample-order');
    }
    const methods = await this.store.loadPaymentMethods();
    const paymentMethods = selectPaymentMethods(methods, scope || undefined).map((method) =>
      this.gateways.isSandbox(method.gateway) ? { ...method, sandbox: true } : method,
    );
    return { success: true, paymentMethods };
  }
}
