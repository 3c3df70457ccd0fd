import type { PageHead } from '@storefront/contracts';
import { toScriptJson } from '@storefront/ui';

/** Text and attribute values go into HTML escaped; nothing from content/ is trusted as markup. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function meta(attribute: 'name' | 'property', key: string, content: string | undefined): string {
  return content ? `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />` : '';
}

/** `<title>`, description, robots, canonical, Open Graph and JSON-LD for one route. */
export function headTags(head: PageHead): string {
  const og = head.openGraph;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:type', og.type),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    meta('property', 'og:url', og.url),
    meta('property', 'og:image', og.image),
    meta('property', 'og:site_name', og.siteName),
    meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
    // JSON-LD is data, not script: CSP does not run it, and toScriptJson keeps it inside its element.
    ...head.jsonLd.map((schema) => `<script type="application/ld+json">${toScriptJson(schema)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** What a page gets when the content service cannot say what the route is: still a usable page. */
export function fallbackHead(path: string, siteName = 'Heartwood Cabinetry'): PageHead {
  return {
    status: 200,
    path,
    title: siteName,
    description: 'Ready-to-assemble kitchen and bath cabinets.',
    canonical: '',
    robots: 'noindex, nofollow',
    openGraph: { type: 'website', title: siteName, description: '', url: '', siteName },
    breadcrumb: [],
    jsonLd: [],
  };
}

/** The asset links a route needs before its scripts run: its remote's styles, entry and chunks. */
export interface RouteAssets {
  stylesheets: string[];
  scripts: string[];
  /** fetched by the federation runtime with fetch(): preloaded as such */
  manifests: string[];
}

export function assetTags(assets: RouteAssets): string {
  return [
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
    ...assets.manifests.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" />`),
    ...assets.scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}
