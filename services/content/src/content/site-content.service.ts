import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  CheckoutPagesContent,
  EstimatorBundle,
  FormDefinition,
  PageDefinition,
  ProductStyle,
  ProductStyleSummary,
  SiteData,
} from '@storefront/contracts';
import { ContentNotFoundError, ContentStore, normaliseSitePath, resolvePlaceholders } from '@storefront/site-config';
import { CONTENT_SCREEN, breadcrumbOf, matchPageRoute } from '../page-table/page-routes.js';
import { AnswerCache, type CachedJson, CachedJsonMemo } from './cached-json.js';
import { RECAPTCHA_SITE_KEY, withRecaptchaSiteKey } from './recaptcha-site-key.js';
import { withBlockVideoAvailability, withStyleVideoAvailability } from './video-availability.js';

/** Filled in by the browser from the order it just placed (spec: order success placeholders). */
const ORDER_PLACEHOLDERS = new Set(['order-id', 'partial-payment', 'remaining-balance']);

/** Content as the API serves it: placeholders resolved against the site settings, styles summarised. */
@Injectable()
export class SiteContentService {
  private readonly logger = new Logger('content');

  constructor(
    private readonly store: ContentStore,
    @Inject(RECAPTCHA_SITE_KEY) private readonly recaptchaSiteKey: string,
  ) {}

  private warnMissing(file: string) {
    return (placeholder: string) => this.logger.warn(`Unknown placeholder {{${placeholder}}} in ${file}`);
  }

  async site(): Promise<SiteData> {
    const raw = await this.store.loadSiteData();
    // Settings may refer to each other ("© {{site.name}}"), so both parts resolve against the raw settings.
    return resolvePlaceholders(raw, { site: raw.site }, this.warnMissing('site/'));
  }

  /**
   * The page file of a published content route, with the route's head from the page table (the one
   * source of titles, descriptions, breadcrumbs and schemas). Not found unless the head would be 200 too.
   */
  async page(path: string): Promise<PageDefinition> {
    const [table, { site }, videos] = await Promise.all([this.store.loadPageTable(), this.site(), this.store.loadVideoRegistry()]);
    const match = matchPageRoute(table, path);
    if (!match?.route.enabled || match.route.screen !== CONTENT_SCREEN) throw new ContentNotFoundError(`pages${path}`);
    const { slug, path: pagePath, blocks } = await this.store.loadPageByPath(match.route.path);
    const { title, description, schemas } = match.route;
    const definition: PageDefinition = { slug, path: pagePath, title, description, breadcrumb: breadcrumbOf(match), schemas, blocks: withBlockVideoAvailability(blocks, videos) };
    return resolvePlaceholders(definition, { site }, this.warnMissing(`the page for ${path}`));
  }

  async productStyles(): Promise<ProductStyleSummary[]> {
    const styles = await this.store.loadProductStyles();
    return styles.map((style) => {
      const image = style.images?.find((candidate) => candidate.type === 'base') ?? style.images?.[0];
      return {
        name: style.name,
        title: style.title,
        ...(style.label ? { label: style.label } : {}),
        image: image
          ? { src: image.src, altText: image.altText, width: image.width, height: image.height }
          : { src: '', altText: style.title, width: 0, height: 0 },
      };
    });
  }

  async productStyle(name: string): Promise<ProductStyle> {
    const [style, videos] = await Promise.all([this.store.loadProductStyle(name), this.store.loadVideoRegistry()]);
    return withStyleVideoAvailability(style, videos);
  }

  /** The definition; forms with googleReCaptcha also carry the widget's site key when RECAPTCHA_SITE_KEY is set. */
  async form(name: string): Promise<FormDefinition> {
    return withRecaptchaSiteKey(await this.store.loadFormDefinition(name), this.recaptchaSiteKey);
  }

  estimator(name: string): Promise<EstimatorBundle> {
    return this.store.loadEstimatorBundle(name);
  }

  /** /order/success and /payment/fail copy; {{site.*}} resolved here, order placeholders in the browser. */
  async checkoutPages(): Promise<CheckoutPagesContent> {
    const [pages, { site }] = await Promise.all([this.store.loadCheckoutPages(), this.site()]);
    const warn = this.warnMissing('settings/checkout-pages.json');
    return resolvePlaceholders(pages, { site }, (name) => {
      if (!ORDER_PLACEHOLDERS.has(name)) warn(name);
    });
  }
}

/**
 * The same answers serialized once per content version (the store reads content/ once; a deploy
 * restarts the service), so a request costs a lookup, not a resolve + JSON.stringify + ETag hash.
 */
@Injectable()
export class CachedSiteContent {
  private readonly memo: CachedJsonMemo;

  constructor(
    private readonly content: SiteContentService,
    cache: AnswerCache,
  ) {
    this.memo = new CachedJsonMemo(cache);
  }

  site(): Promise<CachedJson> {
    return this.memo.get('site', () => this.content.site());
  }

  page(path: string): Promise<CachedJson> {
    // The normalised path is the key: spellings of one page ("/Kitchen/") share one entry (routes
    // match case-insensitively).
    const key = normaliseSitePath(path)?.toLowerCase() ?? null;
    if (key === null) return Promise.reject(new ContentNotFoundError(`pages${path}`));
    return this.memo.get(`page:${key}`, () => this.content.page(key));
  }

  productStyles(): Promise<CachedJson> {
    return this.memo.get('product-styles', () => this.content.productStyles());
  }

  productStyle(name: string): Promise<CachedJson> {
    return this.memo.get(`product-style:${name}`, () => this.content.productStyle(name));
  }

  form(name: string): Promise<CachedJson> {
    return this.memo.get(`form:${name}`, () => this.content.form(name));
  }

  estimator(name: string): Promise<CachedJson> {
    return this.memo.get(`estimator:${name}`, () => this.content.estimator(name));
  }

  checkoutPages(): Promise<CachedJson> {
    return this.memo.get('checkout-pages', () => this.content.checkoutPages());
  }
}
