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

/** Stylesheets go into the head: they are needed for the first paint, and nothing shifts later. */
export function stylesheetTags(stylesheets: string[]): string {
  return stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`).join('\n    ');
}

/** How long the scripts wait for a first contentful paint that never comes (a hidden tab, a browser without paint timing). */
export const SCRIPTS_AFTER_PAINT_BOUND_MS = 3000;

/**
 * The page's scripts start after its first paint: the server-rendered HTML needs none of them to show,
 * so they must not compete with it for the network or the main thread. Then the shell's entry, the
 * route's remote entry, its chunks and manifest are all requested at once (no waterfall).
 *
 * "After the first paint" is the browser's first-contentful-paint entry, not the next animation frame:
 * Chrome runs a frame's rAF (and a timeout after it) before that frame is on screen, so scripts started
 * there were measured starting 50-130 ms before the paint, downloading beside the stylesheets on a slow
 * network (Lighthouse counted them in `/checkout`'s LCP). The entry is buffered, so a paint that came
 * before this script still counts; the wait is bounded for pages that never paint while hidden.
 */
export function deferredScriptsLoader(nonce: string, entries: string[], preloads: { scripts: string[]; manifests: string[] }): string {
  const plan = JSON.stringify({ entries, scripts: preloads.scripts, manifests: preloads.manifests }).replace(/</g, '\\u003c');
  return (
    `<script nonce="${escapeHtml(nonce)}">(function(plan){var started=false;function add(tag,attrs){var el=document.createElement(tag);` +
    `for(var key in attrs)el.setAttribute(key,attrs[key]);document.head.appendChild(el)}function load(){if(started)return;started=true;` +
    `plan.manifests.forEach(function(href){add('link',{rel:'preload',as:'fetch',crossorigin:'anonymous',href:href})});` +
    `plan.scripts.forEach(function(href){add('link',{rel:'preload',as:'script',href:href})});` +
    `plan.entries.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s)})}` +
    `function soon(){setTimeout(load,0)}setTimeout(load,${SCRIPTS_AFTER_PAINT_BOUND_MS});` +
    `var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;` +
    `if(types&&types.indexOf('paint')>=0){var seen=new PerformanceObserver(function(list){` +
    `if(list.getEntriesByName('first-contentful-paint').length){seen.disconnect();soon()}});seen.observe({type:'paint',buffered:true})}` +
    `else requestAnimationFrame(soon)})(${plan});</script>`
  );
}
