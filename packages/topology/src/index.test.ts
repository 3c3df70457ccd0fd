import { REMOTES, SERVICES, defaultRemoteManifestPath, serviceForApiSegment, servicePort, serviceUrl } from './index.js';

describe('the map of the site', () => {
  it('finds a service at its URL variable, else on this machine at its (overridable) port', () => {
    expect(serviceUrl('orders')).toBe(`http://127.0.0.1:${SERVICES.orders.port}`);
    expect(serviceUrl('orders', { ORDERS_PORT: '5000' })).toBe('http://127.0.0.1:5000');
    expect(serviceUrl('orders', { ORDERS_SERVICE_URL: 'http://orders:4103' })).toBe('http://orders:4103');
    expect(servicePort('content', { CONTENT_PORT: ' ' })).toBe(SERVICES.content.port);
  });

  it('gives every /api segment one owner', () => {
    expect(serviceForApiSegment('payment-methods')).toBe('payments');
    expect(serviceForApiSegment('catalog')).toBe('content');
    expect(serviceForApiSegment('nope')).toBeUndefined();
    const segments = Object.values(SERVICES).flatMap((service) => service.apiSegments);
    expect(new Set(segments).size).toBe(segments.length);
  });

  it('names each remote once, with its own dev port', () => {
    expect(new Set(REMOTES.map((remote) => remote.name)).size).toBe(REMOTES.length);
    expect(new Set(REMOTES.map((remote) => remote.devPort)).size).toBe(REMOTES.length);
    expect(defaultRemoteManifestPath(REMOTES[0]!)).toBe('/remotes/mf-content/mf-manifest.json');
  });
});
