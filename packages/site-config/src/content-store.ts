import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  BlogAuthor,
  BlogPostRecord,
  BlogSettings,
  CheckoutPagesContent,
  EstimatorBundle,
  EstimatorTemplate,
  FormDefinition,
  CookieBannerSettings,
  Menus,
  NotificationSettings,
  PageContent,
  PageTable,
  PaymentMethod,
  PopupSettings,
  PricingData,
  ProductStyle,
  SiteData,
  SiteSettings,
} from '@storefront/contracts';
import { isPlainEmailAddress } from '@storefront/contracts';
import { contentDir } from './content-dir.js';
import { ContentInvalidError, ContentNotFoundError } from './errors.js';
import { memoizeUntilFailure } from './memoize-until-failure.js';

/** Names that arrive in URLs (style codes, form names, estimator names): no dots, no slashes. */
const SAFE_NAME = /^[a-z0-9-]{1,64}$/;

export function isSafeContentName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/** One review of content/data/reviews.json (the content service seeds its reviews table from it). */
export interface ReviewRecord {
  /** the reviewer's display name */
  name: string;
  /** 1 to 5; review exports give it as a number or a string ("5") */
  rating: number | string;
  platform?: string;
  /** an /images/ path or an https address */
  profilePicture?: string;
  location?: string;
  reviewText?: string;
  date?: string;
  [key: string]: unknown;
}

/**
 * Reads content/ JSON files. Content changes only with a deploy, which restarts the services, so each
 * file is read and parsed once and then served from memory: no file system call per request (a
 * stat per file per request was a tenth of the content service's time under load, measured).
 */
export class ContentStore {
  readonly rootDir: string;
  private readonly cache = new Map<string, unknown>();

  constructor(rootDir: string = contentDir()) {
    this.rootDir = path.resolve(rootDir);
  }

  /** Reads `relativePath` (inside the content dir) as JSON, once. */
  async readJson<T = unknown>(relativePath: string): Promise<T> {
    const absolute = path.resolve(this.rootDir, relativePath);
    if (absolute !== this.rootDir && !absolute.startsWith(this.rootDir + path.sep)) {
      throw new ContentNotFoundError(relativePath);
    }
    if (this.cache.has(absolute)) return this.cache.get(absolute) as T;
    const value = await readJsonFile(absolute, relativePath);
    this.cache.set(absolute, value);
    return value as T;
  }

  /** Site settings and menus, placeholders NOT yet resolved (callers decide what to resolve against). */
  async loadSiteData(): Promise<SiteData> {
    const site = await this.readJson<SiteSettings>('site/site.json');
    let menus: Menus;
    try {
      menus = await this.readJson<Menus>('site/menus.json');
    } catch (error) {
      // menus.json is optional: a site without menus still renders.
      if (!(error instanceof ContentNotFoundError)) throw error;
      menus = { header: [], footer: [] };
    }
    expectObject(site, 'site/site.json');
    expectObject(menus, 'site/menus.json');
    // Both optional: a site without them shows no cookie banner and no popups.
    const cookieBanner = await this.readOptionalJson<CookieBannerSettings>('site/cookie-banner.json');
    const popups = await this.readOptionalJson<PopupSettings[]>('site/popups.json');
    if (cookieBanner !== undefined) expectObject(cookieBanner, 'site/cookie-banner.json');
    if (popups !== undefined && !Array.isArray(popups)) throw new ContentInvalidError('site/popups.json', 'expected a JSON list');
    return {
      site,
      menus,
      ...(cookieBanner !== undefined && { cookieBanner }),
      ...(popups !== undefined && { popups }),
    };
  }

  private async readOptionalJson<T>(relativePath: string): Promise<T | undefined> {
    try {
      return await this.readJson<T>(relativePath);
    } catch (error) {
      if (error instanceof ContentNotFoundError) return undefined;
      throw error;
    }
  }

  /** The page file whose `path` equals the given path ("/" for home; a trailing slash and case are ignored). */
  async loadPageByPath(pagePath: string): Promise<PageContent> {
    const wanted = normaliseSitePath(pagePath)?.toLowerCase();
    if (wanted === undefined) throw new ContentNotFoundError(`pages${pagePath}`);
    const pages = await this.loadPages();
    const page = pages.find((candidate) => normaliseSitePath(candidate.path)?.toLowerCase() === wanted);
    if (!page) throw new ContentNotFoundError(`pages${wanted}`);
    return page;
  }

  /** Every page file in content/pages (the folder is listed once; a broken file is not remembered). */
  readonly loadPages: () => Promise<PageContent[]> = memoizeUntilFailure(() => this.readPages());

  private async readPages(): Promise<PageContent[]> {
    let names: string[];
    try {
      names = (await readdir(path.join(this.rootDir, 'pages'))).filter((name) => name.endsWith('.json')).sort();
    } catch {
      return [];
    }
    const pages = await Promise.all(names.map((name) => this.readJson<PageContent>(`pages/${name}`)));
    pages.forEach((page, index) => expectObject(page, `pages/${names[index]}`));
    return pages;
  }

  /**
   * The page table (site/page-table.json). Without it no route has a head, so a missing table is a
   * broken deployment (500), never "this page does not exist" (404).
   */
  async loadPageTable(): Promise<PageTable> {
    const file = 'site/page-table.json';
    let table: PageTable;
    try {
      table = await this.readJson<PageTable>(file);
    } catch (error) {
      if (error instanceof ContentNotFoundError) throw new ContentInvalidError(file, 'is missing');
      throw error;
    }
    expectObject(table, file);
    if (!Array.isArray(table.routes)) throw new ContentInvalidError(file, 'routes must be a list');
    return table;
  }

  async loadProductStyles(): Promise<ProductStyle[]> {
    const styles = await this.readJson<ProductStyle[]>('catalogs/product-styles.json');
    if (!Array.isArray(styles)) throw new ContentInvalidError('catalogs/product-styles.json', 'expected an array');
    return styles;
  }

  async loadProductStyle(name: string): Promise<ProductStyle> {
    if (!isSafeContentName(name)) throw new ContentNotFoundError(`catalogs/product-styles.json#${name}`);
    const style = (await this.loadProductStyles()).find((candidate) => candidate.name === name);
    if (!style) throw new ContentNotFoundError(`catalogs/product-styles.json#${name}`);
    return style;
  }

  /** What /order/success and /payment/fail say (settings/checkout-pages.json). */
  async loadCheckoutPages(): Promise<CheckoutPagesContent> {
    const file = 'settings/checkout-pages.json';
    const pages = await this.readJson<CheckoutPagesContent>(file);
    expectObject(pages, file);
    const variant = (value: unknown, at: string): void => {
      const v = value as Partial<CheckoutPagesContent['paymentFail']> | undefined;
      if (!v || typeof v.title !== 'string' || typeof v.html !== 'string' || !Array.isArray(v.actions)) {
        throw new ContentInvalidError(file, `${at} needs a title, html and actions`);
      }
    };
    expectObject(pages.orderSuccess, file);
    if (!pages.orderSuccess.default) throw new ContentInvalidError(file, 'orderSuccess needs a "default" variant');
    for (const [key, value] of Object.entries(pages.orderSuccess)) variant(value, `orderSuccess.${key}`);
    variant(pages.paymentFail, 'paymentFail');
    if (typeof pages.verify?.processing !== 'string') throw new ContentInvalidError(file, 'verify.processing must be text');
    return pages;
  }

  async loadFormDefinition(name: string): Promise<FormDefinition> {
    if (!isSafeContentName(name)) throw new ContentNotFoundError(`forms/${name}.json`);
    const form = await this.readJson<FormDefinition>(`forms/${name}.json`);
    expectObject(form, `forms/${name}.json`);
    return form;
  }

  /** The estimator template and its pricing data (the template's priceTemplate, else the same name). */
  async loadEstimatorBundle(name: string): Promise<EstimatorBundle> {
    if (!isSafeContentName(name)) throw new ContentNotFoundError(`estimator/${name}.json`);
    const template = await this.readJson<EstimatorTemplate>(`estimator/${name}.json`);
    expectObject(template, `estimator/${name}.json`);
    const pricingName = template.priceTemplate ?? name;
    if (!isSafeContentName(pricingName)) {
      throw new ContentInvalidError(`estimator/${name}.json`, `priceTemplate "${pricingName}" is not a valid name`);
    }
    const pricing = await this.readJson<PricingData>(`estimator/pricing/${pricingName}.json`);
    expectObject(pricing, `estimator/pricing/${pricingName}.json`);
    return { template, pricing };
  }

  async loadPaymentMethods(): Promise<PaymentMethod[]> {
    const methods = await this.readJson<PaymentMethod[] | { paymentMethods: PaymentMethod[] }>(
      'settings/payment-methods.json',
    );
    const list = Array.isArray(methods) ? methods : methods?.paymentMethods;
    if (!Array.isArray(list)) throw new ContentInvalidError('settings/payment-methods.json', 'expected an array');
    return list;
  }

  /**
   * Who order e-mails come from and which admins receive them (settings/notifications.json). E-mail
   * recipients come only from here and from orders, so a malformed file is refused with the field
   * that is wrong rather than half-used.
   */
  async loadNotificationSettings(): Promise<NotificationSettings> {
    const file = 'settings/notifications.json';
    return parseNotificationSettings(await this.readJson(file), file);
  }

  async loadBlogPosts(): Promise<BlogPostRecord[]> {
    return this.readList<BlogPostRecord>('blogs/blogs.json');
  }

  async loadBlogAuthors(): Promise<BlogAuthor[]> {
    return this.readList<BlogAuthor>('blogs/authors.json');
  }

  loadBlogSettings(): Promise<BlogSettings> {
    return this.readJson<BlogSettings>('blogs/settings.json');
  }

  /** A post's article HTML (contentPath is relative to content/blogs/), read once like the JSON files. */
  async loadBlogArticle(contentPath: string): Promise<string> {
    const relativePath = `blogs/${contentPath}`;
    const absolute = path.resolve(this.rootDir, relativePath);
    if (!absolute.startsWith(path.resolve(this.rootDir, 'blogs') + path.sep) || !absolute.endsWith('.html')) {
      throw new ContentNotFoundError(relativePath);
    }
    if (this.cache.has(absolute)) return this.cache.get(absolute) as string;
    let text: string;
    try {
      text = await readFile(absolute, 'utf8');
    } catch {
      throw new ContentNotFoundError(relativePath);
    }
    this.cache.set(absolute, text);
    return text;
  }

  private async readList<T>(file: string): Promise<T[]> {
    const list = await this.readJson<T[]>(file);
    if (!Array.isArray(list)) throw new ContentInvalidError(file, 'expected an array');
    return list;
  }

  async loadReviews(): Promise<ReviewRecord[]> {
    const reviews = await this.readJson<ReviewRecord[] | { reviews: ReviewRecord[] }>('data/reviews.json');
    const list = Array.isArray(reviews) ? reviews : reviews?.reviews;
    if (!Array.isArray(list)) throw new ContentInvalidError('data/reviews.json', 'expected an array');
    return list;
  }
}

/** A content file's parsed JSON; a missing file is ContentNotFoundError, broken JSON ContentInvalidError. */
async function readJsonFile(absolute: string, relativePath: string): Promise<unknown> {
  let text: string;
  try {
    if (!(await stat(absolute)).isFile()) throw new ContentNotFoundError(relativePath);
    text = await readFile(absolute, 'utf8');
  } catch {
    throw new ContentNotFoundError(relativePath);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentInvalidError(relativePath, (error as Error).message);
  }
}


/** Validates a notifications file; throws ContentInvalidError naming the bad field. */
export function parseNotificationSettings(value: unknown, file = 'settings/notifications.json'): NotificationSettings {
  expectObject(value, file);
  const raw = value as Record<string, unknown>;
  if (!Array.isArray(raw.adminEmails)) throw new ContentInvalidError(file, 'adminEmails must be a list of e-mail addresses');
  raw.adminEmails.forEach((address, index) => {
    if (!isPlainEmailAddress(address)) {
      throw new ContentInvalidError(file, `adminEmails[${index}] must be an e-mail address (got ${JSON.stringify(address)})`);
    }
  });
  if (!isPlainEmailAddress(raw.fromAddress)) {
    throw new ContentInvalidError(file, `fromAddress must be an e-mail address (got ${JSON.stringify(raw.fromAddress)})`);
  }
  // eslint-disable-next-line no-control-regex
  if (raw.fromName !== undefined && (typeof raw.fromName !== 'string' || raw.fromName.length > 100 || /[\u0000-\u001f]/.test(raw.fromName))) {
    throw new ContentInvalidError(file, 'fromName must be one line of at most 100 characters');
  }
  const formRecipients = parseFormRecipients(raw.formRecipients, file);
  return {
    adminEmails: [...new Set(raw.adminEmails as string[])],
    fromAddress: raw.fromAddress,
    ...(raw.fromName ? { fromName: raw.fromName as string } : {}),
    ...(formRecipients ? { formRecipients } : {}),
  };
}

/** formRecipients: { "<formName>" | "default": [addresses] }; every address checked, duplicates dropped. */
function parseFormRecipients(value: unknown, file: string): Record<string, string[]> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ContentInvalidError(file, 'formRecipients must be an object of form name -> list of e-mail addresses');
  }
  const result: Record<string, string[]> = {};
  for (const [formName, addresses] of Object.entries(value)) {
    if (!Array.isArray(addresses)) throw new ContentInvalidError(file, `formRecipients.${formName} must be a list of e-mail addresses`);
    addresses.forEach((address, index) => {
      if (!isPlainEmailAddress(address)) {
        throw new ContentInvalidError(file, `formRecipients.${formName}[${index}] must be an e-mail address (got ${JSON.stringify(address)})`);
      }
    });
    result[formName] = [...new Set(addresses as string[])];
  }
  return result;
}

function expectObject(value: unknown, relativePath: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ContentInvalidError(relativePath, 'expected a JSON object');
  }
}

/**
 * A pathname as the site's routes see it: query and fragment dropped, repeated and trailing slashes
 * removed ("/Kitchen//?a=1" -> "/Kitchen"; "" -> "/"). Case is kept: the router matches route paths
 * case-insensitively, but parameters such as style codes are case-sensitive. null for anything that
 * is not a plausible site path (too long, "..", backslashes, whitespace), which is never a page.
 */
export function normaliseSitePath(pagePath: string): string | null {
  const withoutQuery = pagePath.trim().split(/[?#]/, 1)[0] ?? '';
  const withSlash = withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`;
  // eslint-disable-next-line no-control-regex
  if (withSlash.length > 256 || withSlash.includes('..') || withSlash.includes('\\') || /[\s\u0000-\u001f]/.test(withSlash)) {
    return null;
  }
  const collapsed = withSlash.replace(/\/{2,}/g, '/');
  const noTrailing = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  return noTrailing === '' ? '/' : noTrailing;
}
