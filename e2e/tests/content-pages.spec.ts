import { readFileSync } from 'node:fs';
import type { PageRoute, PageRouteAlias, PageTable, ProductStyle, SiteData } from '@storefront/contracts';
import { expect, test } from '../support/test.js';

// The page table is the one source of every route's head: each enabled route must answer with it.
const table = JSON.parse(readFileSync(new URL('../../content/site/page-table.json', import.meta.url), 'utf8')) as PageTable;
const STYLE_CODE = 'ssw';

const isAlias = (route: PageRoute | PageRouteAlias): route is PageRouteAlias => 'aliasOf' in route;
const routes = table.routes.filter((route): route is PageRoute => !isAlias(route));
const enabled = new Map(routes.filter((route) => route.enabled).map((route) => [route.path, route]));

/** What a shopper's address is for each enabled route: parameter-free paths, aliases of enabled routes, and a style page. */
const CASES: { address: string; route: PageRoute }[] = [
  ...[...enabled.values()].filter((route) => !route.path.includes('{')).map((route) => ({ address: route.path, route })),
  ...table.routes
    .filter(isAlias)
    .filter((alias) => enabled.has(alias.aliasOf))
    .map((alias) => ({ address: alias.path, route: enabled.get(alias.aliasOf)! })),
  ...[...enabled.values()]
    .filter((route) => route.path.endsWith('/{styleCode}'))
    .map((route) => ({ address: route.path.replace('{styleCode}', STYLE_CODE), route })),
];

function fill(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (match, dotted: string) => {
    const value = dotted.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : match;
  });
}

const decode = (html: string) =>
  html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

test('every enabled route answers 200 with its own title from the page table and, when it is server-rendered, an h1', async ({ request }) => {
  const { site } = (await (await request.get('/api/content/site')).json()) as SiteData;
  const style = (await (await request.get(`/api/content/product-styles/${STYLE_CODE}`)).json()) as ProductStyle;
  expect(CASES.length).toBeGreaterThan(10);
  for (const { address, route } of CASES) {
    const response = await request.get(address, { headers: { Accept: 'text/html' } });
    expect(response.status(), address).toBe(200);
    const html = await response.text();
    const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text]) => decode(text ?? ''));
    expect(titles, address).toEqual([fill(route.title, { site, style })]);
    // Result screens kept out of search (order success, payment verify) fill in from browser-only state.
    const headingOnServer = route.screen === 'content' || route.indexable !== false;
    if (headingOnServer) expect(/<h1[\s>]/.test(html), `${address} has an h1 in its first HTML`).toBe(true);
  }
});

test('Read more opens and closes long text; the advice chat button says chat is not live yet', async ({ page }) => {
  await page.goto('/test');
  const readMore = page.getByRole('button', { name: 'Read more' }).first();
  await readMore.click();
  const showLess = page.getByRole('button', { name: 'Show less' });
  await expect(showLess).toHaveAttribute('aria-expanded', 'true');
  await showLess.click();
  await expect(page.getByRole('button', { name: 'Read more' }).first()).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Chat With a Designer' }).click();
  await expect(page.getByText('This is Under Development! We are working on it!')).toBeVisible();
});
