/** Nest injection token: the public address of the site (PUBLIC_SITE_URL, read by service-kit's readPublicSiteUrl). */
export const PUBLIC_SITE_URL = 'PUBLIC_SITE_URL';
