import { routeTemplateMatcher } from './route-templates.js';

const match = routeTemplateMatcher([
  { method: 'GET', path: '/api/order/view/:id' },
  { method: 'GET', path: '/api/order/checkout-locations' },
  { method: 'POST', path: '/api/order' },
  { method: 'PATCH', path: '/api/order' },
  { method: 'POST', path: '/api/payment/:gateway/payment-intent' },
  { method: 'POST', path: '/api/payment/webhooks/:gateway' },
  { method: 'GET', path: '/api/content/pages/:slug' },
  { method: 'GET', path: '/api/reviews/summary' },
  { method: 'GET', path: '/api/reviews/:id/replies' },
  { method: 'GET', path: '/' },
]);

describe('routeTemplateMatcher', () => {
  it('names the template of the route that serves a path', () => {
    expect(match('GET', '/api/order/view/0b9c7c8e-1111-4e4e-8a8a-123456789abc')).toBe('/api/order/view/:id');
    expect(match('POST', '/api/order')).toBe('/api/order');
    expect(match('PATCH', '/api/order/')).toBe('/api/order');
    expect(match('POST', '/api/payment/sandbox/payment-intent')).toBe('/api/payment/:gateway/payment-intent');
    expect(match('GET', '/')).toBe('/');
  });

  it('prefers a static segment to a parameter, and goes back to the parameter when the static one leads nowhere', () => {
    expect(match('POST', '/api/payment/webhooks/stripe')).toBe('/api/payment/webhooks/:gateway');
    expect(match('GET', '/api/reviews/summary')).toBe('/api/reviews/summary');
    expect(match('GET', '/api/reviews/summary/replies')).toBe('/api/reviews/:id/replies');
    expect(match('GET', '/api/order/checkout-locations')).toBe('/api/order/checkout-locations');
  });

  it('finds a GET route for HEAD, and nothing for another method, path or shape', () => {
    expect(match('HEAD', '/api/content/pages/about-us')).toBe('/api/content/pages/:slug');
    expect(match('DELETE', '/api/order')).toBeUndefined();
    expect(match('GET', '/api/order/view')).toBeUndefined();
    expect(match('GET', '/api/order/view/1/2')).toBeUndefined();
    expect(match('GET', '/api/order/view//')).toBeUndefined();
    expect(match('GET', '/api//order/view/1')).toBeUndefined();
    expect(match('GET', 'api/order/view/1')).toBeUndefined();
    expect(match('GET', '/api/ordered/view/1')).toBeUndefined();
  });
});
