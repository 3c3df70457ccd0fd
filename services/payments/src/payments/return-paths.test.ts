import { CHECKOUT_PATH, cancelPathFor, withProviderToken } from './return-paths.js';

describe('cancelPathFor', () => {
  it('sends a canceled sample payment back to the checkout', () => {
    expect(cancelPathFor('sample-order', '/payment/online-payment/verify')).toBe(CHECKOUT_PATH);
  });

  it('sends a canceled quote or split payment through the payment return page, which goes back to the page that paid', () => {
    expect(cancelPathFor('convert-to-order', '/payment/online-payment/verify')).toBe('/payment/online-payment/verify');
    expect(cancelPathFor('complete-order-payment', '/payment/online-payment/verify')).toBe('/payment/online-payment/verify');
  });
});

describe('withProviderToken', () => {
  it('appends the provider order id as PayPal does', () => {
    expect(withProviderToken('/checkout', 'pp_1')).toBe('/checkout?token=pp_1');
    expect(withProviderToken('/a?b=1', 'x y')).toBe('/a?b=1&token=x+y');
  });
});
