import { readGatewayConfig } from './config.js';
import { gatewayHelmetOptions } from './security.js';

function directives() {
  const csp = gatewayHelmetOptions(readGatewayConfig({})).contentSecurityPolicy;
  if (!csp || typeof csp !== 'object') throw new Error('no CSP');
  return csp.directives as Record<string, unknown[]>;
}

describe('gateway CSP for video cards', () => {
  it('frames only YouTube’s privacy-enhanced player', () => {
    expect(directives()['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
  });

  it('loads images from us, data: URLs and YouTube’s thumbnail host only', () => {
    expect(directives()['img-src']).toEqual(["'self'", 'data:', 'https://i.ytimg.com']);
  });
});
