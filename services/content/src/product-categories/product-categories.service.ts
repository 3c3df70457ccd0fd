import { Injectable } from '@nestjs/common';
import type { ProductCategoryDetail, ProductCategoryRecord, ProductCategorySummary } from '@storefront/contracts';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { AnswerCache, type CachedJson, CachedJsonMemo } from '../content/cached-json.js';
import { withVideoCardAvailability } from '../content/video-availability.js';
import { buildCategoryIndex, type CategoryIndex } from './product-categories.js';

export const CATEGORIES_FILE = 'catalogs/categories.json';
const STYLES_FILE = 'catalogs/product-styles.json';

/**
 * Product categories (catalogs/categories.json) with their styles from the catalog. The store reads
 * each file once, so the index is built once per content version and every answer is served from memory.
 */
@Injectable()
export class ProductCategoriesService {
  private index: Promise<CategoryIndex> | undefined;

  constructor(private readonly store: ContentStore) {}

  private load(): Promise<CategoryIndex> {
    if (!this.index) {
      const loading = (async () => {
        const [records, videos] = await Promise.all([this.store.readJson<ProductCategoryRecord[]>(CATEGORIES_FILE), this.store.loadVideoRegistry()]);
        // the categories still show without a catalog; each then says its product data is missing
        const styles = await this.store.readJson(STYLES_FILE).catch(() => []);
        // a YouTube video the registry does not confirm is served marked (no link to a made-up id)
        return buildCategoryIndex(records.map((record) => ({ ...record, video: withVideoCardAvailability(record.video, videos) })), styles);
      })();
      loading.catch(() => (this.index = undefined));
      this.index = loading;
    }
    return this.index;
  }

  async list(): Promise<ProductCategorySummary[]> {
    return (await this.load()).summaries;
  }

  /** undefined when no category has this slug */
  async find(slug: string): Promise<ProductCategoryDetail | undefined> {
    return (await this.load()).details.get(slug);
  }

  async detail(slug: string): Promise<ProductCategoryDetail> {
    const detail = await this.find(slug);
    if (!detail) throw new ContentNotFoundError(`${CATEGORIES_FILE}#${slug}`);
    return detail;
  }

  /** the slugs for sitemap.xml (none when the file is missing) */
  async slugs(): Promise<string[]> {
    try {
      return (await this.list()).map((category) => category.slug);
    } catch (error) {
      if (error instanceof ContentNotFoundError) return [];
      throw error;
    }
  }
}

/** The same answers serialized once (strong ETag, compressed bodies), like the other content GETs. */
@Injectable()
export class CachedProductCategories {
  private readonly memo: CachedJsonMemo;

  constructor(
    private readonly categories: ProductCategoriesService,
    cache: AnswerCache,
  ) {
    this.memo = new CachedJsonMemo(cache);
  }

  list(): Promise<CachedJson> {
    return this.memo.get('list', () => this.categories.list());
  }

  detail(slug: string): Promise<CachedJson> {
    return this.memo.get(`detail:${slug}`, () => this.categories.detail(slug));
  }
}
