import { ForbiddenException } from '@nestjs/common';
import { hashSecretToken } from '../../tokens/secret-token.js';
import { assertSameSiteWrite, crossSiteReason, csrfTokenMatches } from './forgery.js';

describe('crossSiteReason', () => {
  it('lets through requests without fetch metadata or Origin, and same-origin ones', () => {
    expect(crossSiteReason({ host: '127.0.0.1:4103' })).toBeUndefined();
    expect(crossSiteReason({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example', 'x-forwarded-host': 'shop.example', host: '127.0.0.1:4103' })).toBeUndefined();
    expect(crossSiteReason({ 'sec-fetch-site': 'none' })).toBeUndefined();
    expect(crossSiteReason({ origin: 'http://localhost:8080', host: 'localhost:8080' })).toBeUndefined();
  });

  it('refuses what the browser marks cross-site or same-site (a sibling subdomain)', () => {
    expect(crossSiteReason({ 'sec-fetch-site': 'cross-site' })).toMatch(/cross-site/);
    expect(crossSiteReason({ 'sec-fetch-site': 'Same-Site' })).toMatch(/same-site/);
  });

  it('refuses an Origin other than the host the shopper addressed (the gateway\'s X-Forwarded-Host first)', () => {
    expect(crossSiteReason({ origin: 'https://evil.example', 'x-forwarded-host': 'shop.example', host: '127.0.0.1:4103' })).toMatch(/evil\.example/);
    expect(crossSiteReason({ origin: 'https://shop.example', host: '127.0.0.1:4103' })).toBeDefined();
    expect(crossSiteReason({ origin: 'https://shop.example:8443', 'x-forwarded-host': 'shop.example' })).toBeDefined();
    expect(crossSiteReason({ origin: 'null', host: 'shop.example' })).toBeDefined();
  });
});

describe('assertSameSiteWrite', () => {
  it('checks writes only', () => {
    expect(() => assertSameSiteWrite('GET', { 'sec-fetch-site': 'cross-site' })).not.toThrow();
    expect(() => assertSameSiteWrite('POST', { 'sec-fetch-site': 'cross-site' })).toThrow(ForbiddenException);
    expect(() => assertSameSiteWrite('DELETE', { origin: 'https://evil.example', host: 'shop.example' })).toThrow(ForbiddenException);
  });
});

describe('csrfTokenMatches', () => {
  const stored = hashSecretToken('the-csrf-token');

  it('accepts the token whose hash is stored, and nothing else', () => {
    expect(csrfTokenMatches({ 'x-csrf-token': 'the-csrf-token' }, stored)).toBe(true);
    expect(csrfTokenMatches({ 'x-csrf-token': 'the-csrf-tokeN' }, stored)).toBe(false);
    expect(csrfTokenMatches({}, stored)).toBe(false);
    expect(csrfTokenMatches({ 'x-csrf-token': '' }, stored)).toBe(false);
    expect(csrfTokenMatches({ 'x-csrf-token': 'the-csrf-token' }, 'not-a-hash')).toBe(false);
  });
});
