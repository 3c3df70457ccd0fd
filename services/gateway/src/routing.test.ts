import { cacheControlFor, IMMUTABLE, NO_CACHE } from './static-files.js';
import { readGatewayConfig } from './config.js';
import { devToolService, isGatewayApiPath, serviceForPath, siteFileApiPath } from './routing.js';

describe('serviceForPath', () => {
  it.each([
    ['/api/content/site', 'content'],
    ['/api/reviews/summary', 'content'],
    ['/api/search', 'content'],
    ['/api/catalog/styles?color=white', 'content'],
    ['/api/forms/contact', 'forms'],
    ['/api/order/view/1', 'orders'],
    ['/api/quote/abc', 'orders'],
    ['/api/my-account/me', 'orders'],
    ['/api/email/send-email', 'orders'],
    ['/api/payment/stripe/payment-intent', 'payments'],
    ['/api/payment-methods', 'payments'],
  ])('%s -> %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it.each(['/api', '/api/', '/api/unknown/x', '/api/constructor', '/content/site', '/apix/content'])(
    '%s -> no service',
    (path) => {
      expect(serviceForPath(path)).toBeUndefined();
    },
  );
});

describe('devToolService', () => {
  it('sends the local mailbox pages to the orders service and nothing else', () => {
    expect(devToolService('/dev/mailbox')).toBe('orders');
    expect(devToolService('/dev/mailbox/messages.json')).toBe('orders');
    expect(devToolService('/dev/mailboxes')).toBeUndefined();
    expect(devToolService('/dev')).toBeUndefined();
  });
});

describe('cacheControlFor', () => {
  it('makes hashed files immutable and entry files revalidate', () => {
    expect(cacheControlFor('/x/main.3f2a9c1b.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/573.a1b2c3d4e5f6.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/remoteEntry.js')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/mf-manifest.json')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/logo.svg')).toBe(NO_CACHE);
  });
});

describe('readGatewayConfig', () => {
  it('defaults upstreams to local ports (following *_PORT) and remotes to same-origin manifests', () => {
    const config = readGatewayConfig({ FORMS_PORT: '5102' });
    expect(config.upstreams).toEqual({
      content: ['http://127.0.0.1:4101'],
      forms: ['http://127.0.0.1:5102'],
      orders: ['http://127.0.0.1:4103'],
      payments: ['http://127.0.0.1:4104'],
    });
    expect(config.remotes.mf_checkout).toBe('/remotes/mf-checkout/mf-manifest.json');
  });

  it('rejects a malformed upstream URL with a message naming the variable', () => {
    expect(() => readGatewayConfig({ CONTENT_SERVICE_URL: 'content:4101' })).toThrow(/CONTENT_SERVICE_URL/);
  });

  it('reads a comma-separated list of replicas per service, each checked and a bad one named', () => {
    const config = readGatewayConfig({ ORDERS_SERVICE_URL: ' http://127.0.0.1:4103/ , http://127.0.0.1:4113' });
    expect(config.upstreams.orders).toEqual(['http://127.0.0.1:4103', 'http://127.0.0.1:4113']);
    expect(config.upstreams.payments).toEqual(['http://127.0.0.1:4104']);
    expect(() => readGatewayConfig({ ORDERS_SERVICE_URL: 'http://127.0.0.1:4103,orders:4113' })).toThrow(
      /ORDERS_SERVICE_URL must use http: or https: .*\(entry 2 of 2: "orders:4113"\)/,
    );
    expect(() => readGatewayConfig({ PAYMENTS_SERVICE_URL: 'http://a:1,,http://b:1' })).toThrow(/PAYMENTS_SERVICE_URL has an empty entry \(entry 2 of 3\)/);
    expect(() => readGatewayConfig({ FORMS_SERVICE_URL: 'http://a:1,http://a:1/' })).toThrow(/FORMS_SERVICE_URL lists http:\/\/a:1 twice/);
  });

  it('reads the circuit breakers\' settings, and names a bad one at start-up', () => {
    expect(readGatewayConfig({}).circuit).toEqual({ errorThresholdPercentage: 50, volumeThreshold: 10, rollingCountTimeoutMs: 10000, resetTimeoutMs: 5000 });
    expect(readGatewayConfig({ CIRCUIT_RESET_MS: '2000' }).circuit.resetTimeoutMs).toBe(2000);
    expect(() => readGatewayConfig({ CIRCUIT_MIN_CALLS: '0' })).toThrow(/CIRCUIT_MIN_CALLS/);
  });
});

describe('siteFileApiPath', () => {
  it('maps the crawler files at the root to the content API', () => {
    expect(siteFileApiPath('/robots.txt')).toBe('/api/content/robots.txt');
    expect(siteFileApiPath('/sitemap.xml')).toBe('/api/content/sitemap.xml');
  });

  it.each(['/robots.txt/', '/x/robots.txt', '/sitemap.xml.gz', '/constructor', '/'])('%s -> nothing', (path) => {
    expect(siteFileApiPath(path)).toBeUndefined();
  });
});

describe('isGatewayApiPath', () => {
  it.each(['/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/swagger-ui-bundle.js', '/api/docs/anything'])('%s is the gateway\'s own', (path) => {
    expect(isGatewayApiPath(path)).toBe(true);
  });

  it.each(['/api/openapi.jsonx', '/api/openapi', '/api/docsx', '/api/content/site', '/config/remotes.json', '/api', '/docs'])('%s is not', (path) => {
    expect(isGatewayApiPath(path)).toBe(false);
  });
});
