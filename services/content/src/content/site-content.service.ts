import { Injectable, Logger } from '@nestjs/common';
import type {
  EstimatorBundle,
  FormDefinition,
  PageDefinition,
  ProductStyle,
  ProductStyleSummary,
  SiteData,
} from '@storefront/contracts';
import { ContentNotFoundError, ContentStore, resolvePlaceholders } from '@storefront/site-config';
import { CONTENT_SCREEN, breadcrumbOf, matchPageRoute } from '../page-table/page-routes.js';

/** Content as the API serves it: placeholders resolved against the site settings, styles summarised. */
@Injectable()
export class SiteContentService {
  private readonly logger = new Logger('content');

  constructor(private readonly store: ContentStore) {}

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
    const [table, { site }] = await Promise.all([this.store.loadPageTable(), this.site()]);
    const match = matchPageRoute(table, path);
    if (!match?.route.enabled || match.route.screen !== CONTENT_SCREEN) throw new ContentNotFoundError(`pages${path}`);
    const { slug, path: pagePath, blocks } = await this.store.loadPageByPath(match.route.path);
    const { title, description, schemas } = match.route;
    const definition: PageDefinition = { slug, path: pagePath, title, description, breadcrumb: breadcrumbOf(match), schemas, blocks };
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

  productStyle(name: string): Promise<ProductStyle> {
    return this.store.loadProductStyle(name);
  }

  form(name: string): Promise<FormDefinition> {
    return this.store.loadFormDefinition(name);
  }

  estimator(name: string): Promise<EstimatorBundle> {
    return this.store.loadEstimatorBundle(name);
  }
}
