import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  BlogAuthor,
  BlogPostRecord,
  BlogSettings,
  CheckoutPagesContent,
  ConfirmedVideo,
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
  ReviewRecord,
  SiteData,
  SiteSettings,
} from '@storefront/contracts';
import { contentFileProblems, formatContentProblem } from '@storefront/contracts/content-files';
import { contentDir } from './content-dir.js';
import { ContentInvalidError, ContentNotFoundError, unlessMissing } from './errors.js';
import { memoizeUntilFailure } from './memoize-until-failure.js';

/** Names that arrive in URLs (style codes, form names, estimator names): no dots, no slashes. */
const SAFE_NAME = /^[a-z0-9-]{1,64}$/;

export function isSafeContentName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/**
 * Reads content/ JSON files. Content changes only with a deploy, which restarts the services, so each
 * file is read and parsed once and then served from memory: no file system call per request (a
 * stat per file per request was a tenth of the content service's time under load, measured).
 *
 * Every file is checked against its schema in @storefront/contracts/content-files when it is first
 * read, the very schema `npm run content:check` runs: a file that breaks it is a ContentInvalidError
 * worded as the check words it (`path problem`), never half-used.
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
    const problems = contentFileProblems(path.relative(this.rootDir, absolute).split(path.sep).join('/'), value);
    if (problems.length > 0) {
      const shown = problems.slice(0, 5).map(formatContentProblem).join('; ');
      const more = problems.length > 5 ? `; and ${problems.length - 5} more (npm run content:check lists them)` : '';
      throw new ContentInvalidError(relativePath, shown + more);
    }
    this.cache.set(absolute, value);
    return value as T;
  }

  /** Site settings and menus, placeholders NOT yet resolved (callers decide what to resolve against). */
  async loadSiteData(): Promise<SiteData> {
    const site = await this.readJson<SiteSettings>('site/site.json');
    // menus.json is optional: a site without menus still renders.
    const menus = (await this.readOptionalJson<Menus>('site/menus.json')) ?? { header: [], footer: [] };
    // Both optional: a site without them shows no cookie banner and no popups.
    const cookieBanner = await this.readOptionalJson<CookieBannerSettings>('site/cookie-banner.json');
    const popups = await this.readOptionalJson<PopupSettings[]>('site/popups.json');
    return {
      site,
      menus,
      ...(cookieBanner !== undefined && { cookieBanner }),
      ...(popups !== undefined && { popups }),
    };
  }

  private readOptionalJson<T>(relativePath: string): Promise<T | undefined> {
    return unlessMissing(this.readJson<T>(relativePath));
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
    return Promise.all(names.map((name) => this.readJson<PageContent>(`pages/${name}`)));
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
    return table;
  }

  async loadProductStyles(): Promise<ProductStyle[]> {
    return this.readJson<ProductStyle[]>('catalogs/product-styles.json');
  }

  async loadProductStyle(name: string): Promise<ProductStyle> {
    if (!isSafeContentName(name)) throw new ContentNotFoundError(`catalogs/product-styles.json#${name}`);
    const style = (await this.loadProductStyles()).find((candidate) => candidate.name === name);
    if (!style) throw new ContentNotFoundError(`catalogs/product-styles.json#${name}`);
    return style;
  }

  /** What /order/success and /payment/fail say (settings/checkout-pages.json). */
  async loadCheckoutPages(): Promise<CheckoutPagesContent> {
    return this.readJson<CheckoutPagesContent>('settings/checkout-pages.json');
  }

  async loadFormDefinition(name: string): Promise<FormDefinition> {
    if (!isSafeContentName(name)) throw new ContentNotFoundError(`forms/${name}.json`);
    return this.readJson<FormDefinition>(`forms/${name}.json`);
  }

  /** The estimator template and its pricing data (the template's priceTemplate, else the same name). */
  async loadEstimatorBundle(name: string): Promise<EstimatorBundle> {
    if (!isSafeContentName(name)) throw new ContentNotFoundError(`estimator/${name}.json`);
    const template = await this.readJson<EstimatorTemplate>(`estimator/${name}.json`);
    const pricingName = template.priceTemplate ?? name;
    if (!isSafeContentName(pricingName)) {
      throw new ContentInvalidError(`estimator/${name}.json`, `priceTemplate "${pricingName}" is not a valid name`);
    }
    const pricing = await this.readJson<PricingData>(`estimator/pricing/${pricingName}.json`);
    return { template, pricing };
  }

  async loadPaymentMethods(): Promise<PaymentMethod[]> {
    return this.readJson<PaymentMethod[]>('settings/payment-methods.json');
  }

  /**
   * Who order e-mails come from and which admins receive them (settings/notifications.json). E-mail
   * recipients come only from here and from orders, so a malformed file is refused with the field
   * that is wrong rather than half-used; an address listed twice is e-mailed once.
   */
  async loadNotificationSettings(): Promise<NotificationSettings> {
    const settings = await this.readJson<NotificationSettings>('settings/notifications.json');
    return {
      ...settings,
      adminEmails: [...new Set(settings.adminEmails)],
      ...(settings.formRecipients && {
        formRecipients: Object.fromEntries(Object.entries(settings.formRecipients).map(([form, addresses]) => [form, [...new Set(addresses)]])),
      }),
    };
  }

  /**
   * The registry of confirmed videos (content/data/videos.json): the only source of a page's VideoObject
   * facts. A site without the file has no confirmed video.
   */
  async loadVideoRegistry(): Promise<ConfirmedVideo[]> {
    return (await this.readOptionalJson<ConfirmedVideo[]>('data/videos.json')) ?? [];
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

  private readList<T>(file: string): Promise<T[]> {
    return this.readJson<T[]>(file);
  }

  loadReviews(): Promise<ReviewRecord[]> {
    return this.readList<ReviewRecord>('data/reviews.json');
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
