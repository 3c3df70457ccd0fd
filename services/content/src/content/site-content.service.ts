import { Injectable, Logger } from '@nestjs/common';
import type {
  EstimatorBundle,
  FormDefinition,
  PageDefinition,
  ProductStyle,
  ProductStyleSummary,
  SiteData,
} from '@storefront/contracts';
import { ContentStore, resolvePlaceholders } from '@storefront/site-config';

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

  async page(path: string): Promise<PageDefinition> {
    const [page, { site }] = await Promise.all([this.store.loadPageByPath(path), this.site()]);
    return resolvePlaceholders(page, { site }, this.warnMissing(`the page for ${path}`));
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
