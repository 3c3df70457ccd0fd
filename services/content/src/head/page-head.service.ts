import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PageHead } from '@storefront/contracts';
import { ContentStore, unlessMissing } from '@storefront/site-config';
import { SiteContentService } from '../content/site-content.service.js';
import { BlogsService } from '../blogs/blogs.service.js';
import { ProductCategoriesService } from '../product-categories/product-categories.service.js';
import {
  BLOG_AUTHOR_PARAM,
  BLOG_CATEGORY_PARAM,
  BLOG_POST_PARAM,
  CONTENT_SCREEN,
  PRODUCT_CATEGORY_PARAM,
  STYLE_CODE_PARAM, matchPageRoute, type RouteMatch } from '../page-table/page-routes.js';
import { indexablePaths, robotsTxt, sitemapXml } from './crawler-files.js';
import { notFoundHead, pageHead, type HeadContext, type PageSubject } from './page-head.js';
import { PUBLIC_SITE_URL } from './public-site-url.js';

/**
 * The <head> of every page, robots.txt and sitemap.xml, from the page table and the catalog. Every
 * answer is computed from the ContentStore's cached files, so a head costs a few file stats.
 */
@Injectable()
export class PageHeadService {
  private readonly logger = new Logger('content');

  constructor(
    private readonly store: ContentStore,
    private readonly content: SiteContentService,
    private readonly blogs: BlogsService,
    private readonly productCategories: ProductCategoriesService,
    @Inject(PUBLIC_SITE_URL) private readonly siteUrl: string,
  ) {}

  private async context(): Promise<HeadContext> {
    const [table, { site }, videos] = await Promise.all([this.store.loadPageTable(), this.content.site(), this.store.loadVideoRegistry()]);
    return {
      table,
      site,
      videos,
      siteUrl: this.siteUrl,
      onMissingPlaceholder: (placeholder) => this.logger.warn(`Unknown placeholder {{${placeholder}}} in site/page-table.json`),
    };
  }

  /** The page file or product style the route shows; undefined when the page does not exist. */
  private async subjectOf(match: RouteMatch): Promise<PageSubject | undefined> {
    const subject: PageSubject = {};
    const styleCode = match.params[STYLE_CODE_PARAM];
    if (styleCode !== undefined) {
      subject.style = await unlessMissing(this.store.loadProductStyle(styleCode));
      if (!subject.style) return undefined;
    }
    const { [BLOG_POST_PARAM]: post, [BLOG_AUTHOR_PARAM]: author, [BLOG_CATEGORY_PARAM]: category } = match.params;
    if (post !== undefined) {
      subject.blog = await this.blogs.post(post);
      if (!subject.blog) return undefined;
    }
    if (author !== undefined) {
      subject.author = await this.blogs.author(author);
      if (!subject.author) return undefined;
    }
    if (category !== undefined) {
      subject.category = await this.blogs.category(category);
      if (!subject.category) return undefined;
    }
    const productCategory = match.params[PRODUCT_CATEGORY_PARAM];
    if (productCategory !== undefined) {
      subject.productCategory = (await unlessMissing(this.productCategories.find(productCategory)))?.category;
      if (!subject.productCategory) return undefined;
    }
    if (match.route.screen === CONTENT_SCREEN) {
      subject.page = await unlessMissing(this.store.loadPageByPath(match.route.path));
      if (!subject.page) return undefined;
    }
    return subject;
  }

  async head(path: string): Promise<PageHead> {
    const context = await this.context();
    const match = matchPageRoute(context.table, path);
    const subject = match?.route.enabled ? await this.subjectOf(match) : undefined;
    return match && subject ? pageHead(match, subject, context) : notFoundHead(path, context);
  }

  async robotsTxt(): Promise<string> {
    return robotsTxt(await this.store.loadPageTable(), this.siteUrl);
  }

  async sitemapXml(): Promise<string> {
    const [table, styles, pages, blogs, productCategories] = await Promise.all([
      this.store.loadPageTable(),
      this.store.loadProductStyles(),
      this.store.loadPages(),
      this.blogs.sitemapParams(),
      this.productCategories.slugs(),
    ]);
    const pagePaths = new Set(pages.map((page) => page.path.toLowerCase()));
    const params = {
      [STYLE_CODE_PARAM]: styles.map((style) => style.name),
      [BLOG_POST_PARAM]: blogs.posts,
      [BLOG_AUTHOR_PARAM]: blogs.authors,
      [BLOG_CATEGORY_PARAM]: blogs.categories,
      [PRODUCT_CATEGORY_PARAM]: productCategories,
    };
    return sitemapXml(indexablePaths(table, params, pagePaths), this.siteUrl);
  }
}
