// Rules of the page table (site/page-table.json) across files: every spec route is there, breadcrumbs
// and aliases point at routes, content pages and routes agree, copy fits a search result, and the
// site's opening hours can become structured data.
import { checkPlaceholders } from './pages.mjs';

export const PAGE_TABLE_FILE = 'site/page-table.json';

/** The public routes of spec §2, plus the estimator and checkout screens. */
export const REQUIRED_ROUTES = [
  '/',
  '/about-us',
  '/aboutus',
  '/contact',
  '/products',
  '/products/kitchen-cabinets',
  '/products/kitchen-cabinets/rta-kitchen-cabinets',
  '/products/kitchen-cabinets/rta-kitchen-cabinets/{styleCode}',
  '/search',
  '/book-appointment',
  '/free-kitchen-design',
  '/order-samples',
  '/kitchen-finance-options',
  '/inspiration-gallery',
  ...['shaker-green', 'shaker-navy', 'shaker-dusk', 'shaker-white', 'shaker-grey', 'shaker-black', 'green-craftsman-cabinets', 'grey-kitchen', 'natural-craftsman'].map(
    (entry) => `/inspiration-gallery/${entry}`,
  ),
  '/how-to-buy-kitchen',
  '/visualizer',
  '/register',
  '/terms-and-conditions',
  '/privacy-policy',
  '/faqs',
  '/claim',
  '/shipping-policy',
  '/return-and-cancellation-policy',
  '/unsubscribe/{unsubscribeToken}',
  '/test',
  '/blogs',
  // spec §2 category showcase at {categoryPath}/{slug}; {categoryPath} is CATEGORY_PATH in @storefront/contracts
  '/categories',
  '/categories/{productCategorySlug}',
  '/estimator',
  '/checkout',
];

/** The fields a blog route's {{blog.*}}, {{author.*}} and {{category.*}} may use (BlogCard, BlogAuthor, BlogCategorySummary). */
const BLOG_PLACEHOLDER_SAMPLES = {
  blog: { title: 't', description: 'd', blogCategory: 'c', categorySlug: 'c', blogDetailPath: 'p', publishDate: '2026-01-01', author: { id: 'a', name: 'n' } },
  author: { id: 'a', name: 'n', designation: 'd', description: 'd' },
  category: { name: 'n', slug: 's', count: 1 },
};

// What a search result shows before cutting the text off.
const TITLE_MAX = 70;
const DESCRIPTION_MIN = 50;
const DESCRIPTION_MAX = 160;

const isAlias = (route) => route && typeof route === 'object' && typeof route.aliasOf === 'string';
const paramsOf = (path) => [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
const resolveSite = (text, site) =>
  text.replace(/\{\{\s*site\.([^}]+?)\s*\}\}/g, (match, dotted) => {
    const value = dotted.split('.').reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), site);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : match;
  });

/**
 * table: the parsed page table; pages: [{ rel, page }] of content/pages; site: site settings;
 * styles: the catalog (a {styleCode} route's {{style.*}} placeholders resolve against a style).
 */
export function checkPageTable(table, { pages, site, styles, categories }, problems) {
  const report = problems.forFile(PAGE_TABLE_FILE);
  const routes = Array.isArray(table?.routes) ? table.routes : [];
  const byPath = new Map(); // lower-case path -> index
  routes.forEach((route, i) => {
    if (typeof route?.path !== 'string') return;
    const key = route.path.toLowerCase();
    if (byPath.has(key)) report(`routes[${i}].path`, `"${route.path}" is already the path of routes[${byPath.get(key)}]`);
    else byPath.set(key, i);
  });
  for (const path of REQUIRED_ROUTES) if (!byPath.has(path.toLowerCase())) report('routes', `is missing the route "${path}"`);

  const sampleStyle = Array.isArray(styles) ? styles.find((style) => style && typeof style === 'object') : undefined;
  routes.forEach((route, i) => {
    if (!route || typeof route !== 'object' || typeof route.path !== 'string') return;
    const at = `routes[${i}]`;
    if (isAlias(route)) {
      const target = routes[byPath.get(route.aliasOf.toLowerCase())];
      if (!target) report(`${at}.aliasOf`, `"${route.aliasOf}" is not a route of the page table`);
      else if (isAlias(target)) report(`${at}.aliasOf`, `"${route.aliasOf}" is itself an alias; point at the route it stands for`);
      return;
    }
    checkBreadcrumb(route, at, byPath, routes, report);
    const params = paramsOf(route.path);
    const root = { site };
    if (params.includes('styleCode')) root.style = sampleStyle;
    // blog routes' text may name the post, author or category their parameter selects (the content service fills them in)
    if (params.includes('blogDetailPath')) root.blog = BLOG_PLACEHOLDER_SAMPLES.blog;
    if (params.includes('authorId')) root.author = BLOG_PLACEHOLDER_SAMPLES.author;
    if (params.includes('categorySlug')) root.category = BLOG_PLACEHOLDER_SAMPLES.category;
    // the category showcase's text may name the product category ({{productCategory.*}}, catalogs/categories.json)
    if (params.includes('productCategorySlug')) root.productCategory = Array.isArray(categories) ? categories[0] : undefined;
    checkPlaceholders({ title: route.title, description: route.description, breadcrumb: route.breadcrumb }, at, root, report);
    if (Object.keys(root).length === 1) checkSearchResultCopy(route, at, site, report);
  });
  if (table?.notFound) checkPlaceholders(table.notFound, 'notFound', { site }, report);

  checkPagesHaveRoutes(pages, routes, byPath, problems);
  for (const [i, route] of routes.entries()) {
    if (isAlias(route) || route?.screen !== 'content' || route.enabled !== true || typeof route.path !== 'string') continue;
    const hasPage = pages.some(({ page }) => typeof page?.path === 'string' && page.path.toLowerCase() === route.path.toLowerCase());
    if (!hasPage) report(`routes[${i}].enabled`, `is true but no file in pages/ has the path "${route.path}" (a content route needs its page)`);
  }
}

/** From Home to the page itself, through routes that exist. */
function checkBreadcrumb(route, at, byPath, routes, report) {
  const trail = Array.isArray(route.breadcrumb) ? route.breadcrumb : [];
  if (trail.length === 0) return;
  if (trail[0]?.path !== '/') report(`${at}.breadcrumb[0].path`, 'must be "/" (a trail starts at Home)');
  const last = trail[trail.length - 1];
  if (typeof last?.path === 'string' && last.path !== route.path) {
    report(`${at}.breadcrumb[${trail.length - 1}].path`, `must be the route's own path "${route.path}" (a trail ends at the page)`);
  }
  trail.slice(1, -1).forEach((item, j) => {
    if (typeof item?.path !== 'string') return;
    const target = routes[byPath.get(item.path.toLowerCase())];
    if (!target) report(`${at}.breadcrumb[${j + 1}].path`, `"${item.path}" is not a route of the page table`);
    else if (paramsOf(item.path).length > 0) report(`${at}.breadcrumb[${j + 1}].path`, `"${item.path}" has a parameter, so it names no single page`);
  });
}

function checkSearchResultCopy(route, at, site, report) {
  if (typeof route.title === 'string') {
    const title = resolveSite(route.title, site);
    if (title.length > TITLE_MAX) report(`${at}.title`, `is ${title.length} characters with the site data filled in; search results show about ${TITLE_MAX}`);
  }
  if (typeof route.description === 'string') {
    const description = resolveSite(route.description, site);
    if (description.length > DESCRIPTION_MAX || description.length < DESCRIPTION_MIN) {
      report(`${at}.description`, `is ${description.length} characters with the site data filled in; write ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX}`);
    }
  }
}

/** A page file nobody can reach is a mistake: its path must be a content route of the table. */
function checkPagesHaveRoutes(pages, routes, byPath, problems) {
  for (const { rel, page } of pages) {
    if (typeof page?.path !== 'string') continue;
    const route = routes[byPath.get(page.path.toLowerCase())];
    if (!route) problems.add(rel, 'path', `"${page.path}" is not a route of ${PAGE_TABLE_FILE}; add the route with its title and description`);
    else if (isAlias(route)) problems.add(rel, 'path', `"${page.path}" is an alias in ${PAGE_TABLE_FILE}; give the page the path "${route.aliasOf}"`);
    else if (route.screen !== 'content') problems.add(rel, 'path', `"${page.path}" is rendered by ${route.screen} (${PAGE_TABLE_FILE}), not by a page file`);
  }
}

const DAY = '(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)';
const DAYS = new RegExp(`^${DAY}(?:\\s*[-–]\\s*${DAY})?$`, 'i');
const CLOCK = '\\d{1,2}(?::[0-5]\\d)?\\s*[ap]\\.?m\\.?';
const TIMES = new RegExp(`^(?:closed|${CLOCK}\\s*[-–]\\s*${CLOCK}(?:\\s+[A-Za-z]{1,5})?)$`, 'i');

/**
 * The local business structured data turns site.hours into schema.org openingHours ("Mo-Fr 09:00-18:00"),
 * so each entry must be a day or day range and a time range (or "Closed").
 */
export function checkOpeningHours(site, report) {
  (Array.isArray(site?.hours) ? site.hours : []).forEach((entry, i) => {
    if (typeof entry?.days === 'string' && !DAYS.test(entry.days.trim())) {
      report(`hours[${i}].days`, `must be a day or a range like "Monday - Friday" (got ${JSON.stringify(entry.days)})`);
    }
    if (typeof entry?.time === 'string' && !TIMES.test(entry.time.trim())) {
      report(`hours[${i}].time`, `must be "Closed" or a range like "9:00 AM - 6:00 PM ET" (got ${JSON.stringify(entry.time)})`);
    }
  });
}
