import { readEnvConfig, url } from './env-config.js';

export const DEFAULT_PUBLIC_SITE_URL = 'http://localhost:8080';

/**
 * Where shoppers reach the site (PUBLIC_SITE_URL, no trailing slash). Canonical links, Open Graph
 * URLs, structured data, the sitemap and the links in e-mails must be absolute, and only the
 * deployment knows its address.
 */
export function readPublicSiteUrl(env: Record<string, string | undefined> = process.env): string {
  return readEnvConfig({ siteUrl: url('PUBLIC_SITE_URL', DEFAULT_PUBLIC_SITE_URL) }, env).siteUrl;
}
