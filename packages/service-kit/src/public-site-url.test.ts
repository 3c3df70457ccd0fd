import { EnvConfigError } from './env-config.js';
import { readPublicSiteUrl } from './public-site-url.js';

describe('readPublicSiteUrl', () => {
  it('defaults to the local gateway and drops a trailing slash', () => {
    expect(readPublicSiteUrl({})).toBe('http://localhost:8080');
    expect(readPublicSiteUrl({ PUBLIC_SITE_URL: 'https://www.heartwoodcabinetry.com/' })).toBe('https://www.heartwoodcabinetry.com');
  });

  it('refuses an address that is not http(s), naming the variable', () => {
    expect(() => readPublicSiteUrl({ PUBLIC_SITE_URL: 'www.example.com' })).toThrow(EnvConfigError);
    expect(() => readPublicSiteUrl({ PUBLIC_SITE_URL: 'ftp://example.com' })).toThrow(/PUBLIC_SITE_URL/);
  });
});
