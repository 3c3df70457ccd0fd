import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createServiceModules, integer, readEnvConfig, readPublicSiteUrl } from '@storefront/service-kit';
import { ContentStore, contentDir } from '@storefront/site-config';
import { BlogsController } from './blogs/blogs.controller.js';
import { BlogsService, CachedBlogs } from './blogs/blogs.service.js';
import { AnswerCache, readAnswerCacheLimits } from './content/cached-json.js';
import { ContentAnswers, EDGE_CACHE_SECONDS } from './content/content-answers.js';
import { ContentController } from './content/content.controller.js';
import { RECAPTCHA_SITE_KEY, readRecaptchaSiteKey } from './content/recaptcha-site-key.js';
import { CachedSiteContent, SiteContentService } from './content/site-content.service.js';
import { PageHeadController } from './head/page-head.controller.js';
import { PageHeadService } from './head/page-head.service.js';
import { PUBLIC_SITE_URL } from './head/public-site-url.js';
import { CONTENT_MIGRATIONS } from './migrations/index.js';
import { Review } from './reviews/review.entity.js';
import { ReviewsController } from './reviews/reviews.controller.js';
import { ReviewsService } from './reviews/reviews.service.js';
import { SearchIndexService } from './search/search-index.service.js';
import { SearchController } from './search/search.controller.js';
import { SearchService } from './search/search.service.js';
// catalog listing
import { CatalogModule } from './catalog/catalog.module.js';
// product categories
import { ProductCategoriesController } from './product-categories/product-categories.controller.js';
import { CachedProductCategories, ProductCategoriesService } from './product-categories/product-categories.service.js';
// location lists for forms' dynamicOptions
import { LocationsController } from './locations/locations.controller.js';
import { LocationsService } from './locations/locations.service.js';

export interface ContentAppOptions {
  /** PostgreSQL schema (tests use a unique one per run). */
  schema?: string;
  /** content/ folder; defaults to CONTENT_DIR or the repository's content/. */
  contentDir?: string;
  /** the site's public address; defaults to PUBLIC_SITE_URL */
  publicSiteUrl?: string;
  /** Seconds the gateway may keep a content answer; defaults to CONTENT_EDGE_CACHE_SECONDS or 10. */
  edgeCacheSeconds?: number;
  /** reCAPTCHA site key for forms with googleReCaptcha; defaults to RECAPTCHA_SITE_KEY ('' = captcha off). */
  recaptchaSiteKey?: string;
}

function edgeCacheSecondsFromEnv(): number {
  return readEnvConfig({ seconds: integer('CONTENT_EDGE_CACHE_SECONDS', 10, 0, 86_400) }).seconds;
}

@Module({})
export class ContentAppModule {
  static register(options: ContentAppOptions = {}): DynamicModule {
    return {
      module: ContentAppModule,
      imports: [
        // no job runner: content has nothing queued, nothing that expires and no rate-limited writes
        ...createServiceModules({
          database: { schema: options.schema ?? 'content', entities: [Review], migrations: CONTENT_MIGRATIONS, service: 'content' },
        }),
        TypeOrmModule.forFeature([Review]),
        CatalogModule.register({
          serviceSchema: options.schema ?? 'content',
          contentDir: options.contentDir ?? contentDir(),
          edgeCacheSeconds: options.edgeCacheSeconds,
        }),
      ],
      controllers: [ContentController, PageHeadController, ReviewsController, BlogsController, SearchController, ProductCategoriesController, LocationsController],
      providers: [
        { provide: ContentStore, useValue: new ContentStore(options.contentDir ?? contentDir()) },
        // read while the app is built, so a bad value is reported in the service's start-up error
        { provide: PUBLIC_SITE_URL, useFactory: () => options.publicSiteUrl ?? readPublicSiteUrl() },
        { provide: RECAPTCHA_SITE_KEY, useFactory: () => options.recaptchaSiteKey ?? readRecaptchaSiteKey() },
        // the serialized answers, bounded (CONTENT_CACHE_MB, CONTENT_CACHE_ENTRIES): keys come from requests
        { provide: AnswerCache, useFactory: () => new AnswerCache(readAnswerCacheLimits()) },
        SiteContentService,
        PageHeadService,
        CachedSiteContent,
        { provide: EDGE_CACHE_SECONDS, useValue: options.edgeCacheSeconds ?? edgeCacheSecondsFromEnv() },
        ContentAnswers,
        ReviewsService,
        BlogsService,
        CachedBlogs,
        // site search
        SearchService,
        SearchIndexService,
        ProductCategoriesService,
        CachedProductCategories,
        LocationsService,
      ],
    };
  }
}
