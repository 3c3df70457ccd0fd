import type { PaymentMethod } from '@storefront/contracts';
import { gatewayInUse, gatewayOfMethod, offeredMethod } from './offered-methods.js';

function method(name: PaymentMethod['name'], gateway: PaymentMethod['gateway'], extra: Partial<PaymentMethod> = {}): PaymentMethod {
  return { name, title: `${name} ${gateway}`, description: '', enabled: true, isDefault: false, gateway, sortOrder: 1, ...extra } as PaymentMethod;
}

// the repository's settings: Authorize.Net shipped off, split payment on the card gateway
const SETTINGS = [
  method('credit-card', 'stripe', { scopes: ['sample-order', 'convert-to-order', 'complete-order-payment'] }),
  method('online-payment', 'paypal', { sortOrder: 2, scopes: ['sample-order', 'convert-to-order'] }),
  method('credit-card', 'authorizenet', { enabled: false, sortOrder: 3 }),
  method('split-payment', 'stripe', { sortOrder: 4, scopes: ['convert-to-order', 'complete-order-payment'] }),
];

describe('offeredMethod: the enabled method a payment may go through', () => {
  it('finds a method by name, or a gateway named in a URL through its enabled method', () => {
    expect(offeredMethod(SETTINGS, { method: 'credit-card' }, 'sample-order')?.gatewayName).toBe('stripe');
    expect(offeredMethod(SETTINGS, { gateway: 'paypal' }, 'convert-to-order')?.name).toBe('online-payment');
  });

  it("refuses a gateway whose method is off (Authorize.Net's adapter exists, but nobody switched it on)", () => {
    expect(offeredMethod(SETTINGS, { method: 'credit-card', gateway: 'authorizenet' }, null)).toBeUndefined();
    expect(offeredMethod(SETTINGS, { gateway: 'authorizenet' }, 'sample-order')).toBeUndefined();
  });

  it('refuses a method outside its scopes, and an unknown gateway or a card call to PayPal', () => {
    expect(offeredMethod(SETTINGS, { gateway: 'paypal' }, 'complete-order-payment')).toBeUndefined();
    expect(offeredMethod(SETTINGS, { gateway: 'paypal' }, null)?.name).toBe('online-payment');
    expect(offeredMethod(SETTINGS, { gateway: 'sandbox' }, null)).toBeUndefined();
    expect(offeredMethod(SETTINGS, { gateway: 'bitcoin' }, null)).toBeUndefined();
    expect(offeredMethod(SETTINGS, { method: 'credit-card', gateway: 'paypal' }, null)).toBeUndefined();
  });

  it('never pays through split payment itself (it names how the balance is split, not how it is paid)', () => {
    const onlySplit = [method('split-payment', 'stripe')];
    expect(offeredMethod(onlySplit, { gateway: 'stripe' }, null)).toBeUndefined();
    expect(gatewayInUse(onlySplit, 'stripe')).toBe(true);
  });

  it('offers a method that lists no scopes everywhere, and reads the sandbox gateway as the card gateway or PayPal', () => {
    const sandbox = [method('credit-card', 'sandbox'), method('online-payment', 'sandbox')];
    expect(offeredMethod(sandbox, { gateway: 'stripe' }, 'complete-order-payment')?.title).toBe('credit-card sandbox');
    expect(gatewayOfMethod(sandbox[1]!)).toBe('paypal');
  });

  it('takes webhooks only for gateways an enabled method uses', () => {
    expect(gatewayInUse(SETTINGS, 'paypal')).toBe(true);
    expect(gatewayInUse(SETTINGS, 'authorizenet')).toBe(false);
  });
});
