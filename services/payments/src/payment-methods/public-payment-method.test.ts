import type { PaymentMethod } from '@storefront/contracts';
import { selectPaymentMethods } from './public-payment-method.js';

function method(overrides: Partial<PaymentMethod> & Record<string, unknown>): PaymentMethod {
  return {
    name: 'credit-card',
    title: 'Card',
    description: '',
    enabled: true,
    isDefault: false,
    gateway: 'stripe',
    sortOrder: 1,
    ...overrides,
  } as PaymentMethod;
}

describe('selectPaymentMethods', () => {
  const methods = [
    method({ title: 'PayPal', sortOrder: 2, scopes: ['sample-order'] }),
    method({ title: 'Card', sortOrder: 1 }),
    method({ title: 'Split', sortOrder: 3, scopes: ['complete-order-payment'] }),
    method({ title: 'Off', sortOrder: 0, enabled: false }),
  ];

  it('lists enabled methods by sortOrder', () => {
    expect(selectPaymentMethods(methods).map((m) => m.title)).toEqual(['Card', 'PayPal', 'Split']);
  });

  it('keeps methods of the scope and methods without scopes', () => {
    expect(selectPaymentMethods(methods, 'sample-order').map((m) => m.title)).toEqual(['Card', 'PayPal']);
  });

  it('never exposes secrets', () => {
    const [card] = selectPaymentMethods([
      method({ config: { publishableKey: 'pk_test', secretKey: 'sk_live' } as PaymentMethod['config'], apiSecret: 'x' }),
    ]);
    expect(card?.config).toEqual({ publishableKey: 'pk_test' });
    expect(JSON.stringify(card)).not.toMatch(/sk_live|apiSecret/);
  });
});
