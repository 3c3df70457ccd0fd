// Validates every content file against its schema (the very schemas the content store checks files with
// when a service reads them: @storefront/contracts/content-files) plus the rules across files, and prints
// one line per problem ("file: json.path problem"). Exit code 1 when anything is wrong.
// Usage: node scripts/check-content.mjs [contentDir]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { contentFileProblems } from '@storefront/contracts/content-files';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkBlogs } from './checks/blogs.mjs';
import { checkCatalog, checkListingFilters } from './checks/catalog.mjs';
import { checkCategories } from './checks/categories.mjs';
import { checkEstimator } from './checks/estimator.mjs';
import { checkForm } from './checks/forms.mjs';
import { checkImageRefs } from './checks/images.mjs';
import { checkBookingForms, checkPage, checkPlaceholders } from './checks/pages.mjs';
import { PAGE_TABLE_FILE, checkOpeningHours, checkPageTable } from './checks/page-table.mjs';
import { checkPaymentMethods } from './checks/payments.mjs';
import { createProblems } from './checks/problems.mjs';
import { planImages } from './images/plan.mjs';
import { unconfirmedVideos } from './checks/videos.mjs';

const jsonFilesIn = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []);

/**
 * Returns the list of problems found in contentDir (empty when all is well). Warnings (videos the
 * registry does not confirm) go into `warnings`: they leave the site buildable.
 */
export function runChecks(contentDir, warnings = []) {
  const problems = createProblems();
  const loaded = new Map(); // relative file -> parsed JSON

  const load = (rel, { required = true } = {}) => {
    const file = join(contentDir, rel);
    if (!existsSync(file)) {
      if (required) problems.add(rel, '', 'is missing');
      return undefined;
    }
    let json;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.add(rel, '', `is not valid JSON: ${error.message}`);
      return undefined;
    }
    loaded.set(rel, json);
    for (const { path, message } of contentFileProblems(rel, json)) problems.add(rel, path, message);
    return json;
  };

  const site = load('site/site.json');
  load('site/menus.json');
  load('site/cookie-banner.json', { required: false });
  load('site/popups.json', { required: false });
  checkOpeningHours(site, problems.forFile('site/site.json'));

  const pageFiles = jsonFilesIn(join(contentDir, 'pages'));
  if (!pageFiles.includes('home.json')) problems.add('pages/home.json', '', 'is missing (the / page)');
  const pagePaths = new Map();
  const pages = [];
  for (const f of pageFiles) {
    const rel = `pages/${f}`;
    const page = load(rel);
    pages.push({ rel, page });
    checkPage(page, basename(f, '.json'), problems.forFile(rel));
    checkPlaceholders(page, '', { site }, problems.forFile(rel));
    if (typeof page?.path === 'string') {
      if (pagePaths.has(page.path)) problems.add(rel, 'path', `"${page.path}" is also the path of ${pagePaths.get(page.path)}`);
      else pagePaths.set(page.path, rel);
    }
  }

  const stylesRel = 'catalogs/product-styles.json';
  const styles = load(stylesRel);
  checkCatalog(styles, problems.forFile(stylesRel));
  // catalog listing filters (GET /api/catalog/styles)
  const listingRel = 'catalogs/listing-filters.json';
  const listing = load(listingRel);
  checkListingFilters(listing, styles, problems.forFile(listingRel), problems.forFile(stylesRel));
  // product categories: the door-style families of the showcase and the category handler
  const categoriesRel = 'catalogs/categories.json';
  const categories = load(categoriesRel);
  checkCategories(categories, listing, styles, problems.forFile(categoriesRel));
  // a category handler's defaultCategory must be a category, or the block would silently open the first
  const categorySlugs = new Set((Array.isArray(categories) ? categories : []).map((category) => category?.slug));
  for (const { rel, page } of pages) {
    (Array.isArray(page?.blocks) ? page.blocks : []).forEach((block, i) => {
      if (block?.type !== 'category-handler' || typeof block.defaultCategory !== 'string') return;
      if (block.defaultCategory !== 'all' && !categorySlugs.has(block.defaultCategory)) {
        problems.add(rel, `blocks[${i}].defaultCategory`, `"${block.defaultCategory}" is not a category of ${categoriesRel}`);
      }
    });
  }

  const pageTable = load(PAGE_TABLE_FILE);
  checkPageTable(pageTable, { pages, site, styles, categories }, problems);

  const formFiles = jsonFilesIn(join(contentDir, 'forms'));
  if (!formFiles.includes('contact.json')) problems.add('forms/contact.json', '', 'is missing');
  const forms = new Map();
  for (const f of formFiles) {
    const rel = `forms/${f}`;
    const form = load(rel);
    forms.set(f, form);
    checkForm(form, basename(f, '.json'), problems.forFile(rel));
  }
  checkBookingForms(pages, forms, problems);
  // a popup's form must exist, or the popup would open on "This form is not available"
  const popupList = load('site/popups.json', { required: false });
  (Array.isArray(popupList) ? popupList : []).forEach((popup, i) => {
    if (typeof popup?.form === 'string' && !formFiles.includes(`${popup.form}.json`)) {
      problems.add('site/popups.json', `[${i}].form`, `names no form in forms/ ("${popup.form}")`);
    }
  });

  for (const f of jsonFilesIn(join(contentDir, 'estimator'))) {
    const rel = `estimator/${f}`;
    const template = load(rel);
    const pricingName = typeof template?.priceTemplate === 'string' ? template.priceTemplate : basename(f, '.json');
    const pricingRel = `estimator/pricing/${pricingName}.json`;
    const pricing = load(pricingRel);
    checkEstimator(template, pricing, basename(f, '.json'), problems.forFile(rel), problems.forFile(pricingRel));
  }

  const methodsRel = 'settings/payment-methods.json';
  const methods = load(methodsRel);
  checkPaymentMethods(methods, problems.forFile(methodsRel));
  load('settings/shipping.json');
  load('settings/tax.json');
  const notifications = load('settings/notifications.json');
  // staff recipients of form e-mails: each key names a form or an estimator template (or is "default"),
  // so a typo never leaves a form's notifications going to the default list unnoticed
  const estimatorNames = jsonFilesIn(join(contentDir, 'estimator')).map((f) => basename(f, '.json'));
  const formRecipients = notifications?.formRecipients;
  if (formRecipients && typeof formRecipients === 'object' && !Array.isArray(formRecipients)) {
    for (const key of Object.keys(formRecipients)) {
      if (key !== 'default' && !formFiles.includes(`${key}.json`) && !estimatorNames.includes(key)) {
        problems.add('settings/notifications.json', `formRecipients.${key}`, `names no form in forms/ or estimator template in estimator/ ("${key}")`);
      }
    }
  }
  load('settings/checkout-pages.json');

  load('data/reviews.json');
  // the registry of confirmed videos: the only source of VideoObject facts
  const videoRegistry = load('data/videos.json');

  const blogs = load('blogs/blogs.json');
  const authors = load('blogs/authors.json');
  load('blogs/settings.json');
  checkBlogs(blogs, authors, contentDir, problems.forFile('blogs/blogs.json'), problems.forFile('blogs/authors.json'));

  const plan = planImages(contentDir);
  for (const [rel, json] of loaded) checkImageRefs(json, plan, problems.forFile(rel));
  warnings.push(...unconfirmedVideos(loaded, videoRegistry));
  return problems.list;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const contentDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const warnings = [];
  const found = runChecks(contentDir, warnings);
  if (warnings.length) {
    console.warn(`check-content: ${warnings.length} unconfirmed video${warnings.length === 1 ? '' : 's'} (not in data/videos.json: shown as "Video coming soon" when on YouTube, no VideoObject structured data)`);
    for (const line of warnings) console.warn(`  ${line}`);
  }
  if (found.length) {
    console.error(`check-content: ${found.length} problem${found.length === 1 ? '' : 's'} in ${contentDir}`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`check-content: all content in ${contentDir} is valid`);
}
