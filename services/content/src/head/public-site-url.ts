import { readEnvConfig, url } from '@storefront/service-kit';

/** Nest injection token: the public address of the site (PUBLIC_SITE_URL), no trailing slash. */
export const PUBLIC_SITE_URL = 'PUBLIC_SITE_URL';

export const DEFAULT_PUBLIC_SITE_URL = 'http://localhost:8080';

/**
 * Where shoppers reach the site. Canonical links, Open Graph URLs, structured data and the sitemap
 * must be absolute, and only the deployment knows its address.
 */
export function readPublicSiteUrl(env: Record<string, string | undefined> = process.env): string {
  return readEnvConfig({ siteUrl: url('PUBLIC_SITE_URL', DEFAULT_PUBLIC_SITE_URL) }, env).siteUrl;
}
