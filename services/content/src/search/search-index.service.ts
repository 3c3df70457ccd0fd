import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ProductCategoryRecord } from '@storefront/contracts';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { CATEGORIES_FILE } from '../product-categories/product-categories.service.js';
import { DataSource } from 'typeorm';
import { buildSearchDocuments, type SearchDocument } from './search-documents.js';

export interface RebuildResult {
  /** false when the rows already matched the content (another replica, or an earlier boot, built them) */
  rebuilt: boolean;
  documents: number;
}

/**
 * Keeps search_document in step with content/: at start-up the rows are built from the content and
 * swapped in one transaction (searches meanwhile see the old rows). Replicas booting together take
 * a transaction-scoped advisory lock in turn, and a replica finding the same content hash stored
 * writes nothing.
 */
@Injectable()
export class SearchIndexService implements OnApplicationBootstrap {
  private readonly logger = new Logger('search');

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: ContentStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const result = await this.rebuild();
      this.logger.log(result.rebuilt ? `Search index rebuilt: ${result.documents} documents` : `Search index up to date: ${result.documents} documents`);
    } catch (error) {
      // Broken content must not keep the content API down; search answers from the rows it has.
      this.logger.error(`Search index was not rebuilt: ${(error as Error).message}`);
    }
  }

  async loadDocuments(): Promise<SearchDocument[]> {
    const [styles, posts, authors, table, productCategories] = await Promise.all([
      this.store.loadProductStyles(),
      this.store.loadBlogPosts(),
      this.store.loadBlogAuthors(),
      this.store.loadPageTable(),
      // without the categories file the styles are still found, without categories
      this.store.readJson<ProductCategoryRecord[]>(CATEGORIES_FILE).catch((error: unknown) => {
        if (error instanceof ContentNotFoundError) return [];
        throw error;
      }),
    ]);
    const articles = new Map<string, string>();
    await Promise.all(
      posts.map(async (post) => {
        try {
          articles.set(post.contentPath, await this.store.loadBlogArticle(post.contentPath));
        } catch {
          // the content check reports missing articles; the post is still found by its card
        }
      }),
    );
    return buildSearchDocuments({ styles, posts, authors, articles, table, productCategories });
  }

  async rebuild(): Promise<RebuildResult> {
    const documents = await this.loadDocuments();
    const rows = JSON.stringify(documents);
    const hash = createHash('sha256').update(rows).digest('hex');
    return this.dataSource.transaction(async (manager) => {
      // current_schema() keeps test schemas (and any other service sharing the database) apart
      await manager.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.search_document'))");
      const [state] = (await manager.query('SELECT content_hash FROM search_index_state WHERE id = 1')) as { content_hash: string }[];
      if (state?.content_hash === hash) return { rebuilt: false, documents: documents.length };
      await manager.query('DELETE FROM search_document');
      // one statement for every row; the JSON is a parameter, so no content text is ever SQL
      await manager.query(
        `INSERT INTO search_document (key, kind, name, title, description, body, sku, url, image, categories)
         SELECT key, kind, name, title, description, body, sku, url, image, categories
         FROM jsonb_to_recordset($1::jsonb)
           AS row(key text, kind text, name text, title text, description text, body text, sku text, url text, image jsonb, categories jsonb)`,
        [rows],
      );
      await manager.query(
        `INSERT INTO search_index_state (id, content_hash, document_count, rebuilt_at) VALUES (1, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET content_hash = EXCLUDED.content_hash, document_count = EXCLUDED.document_count, rebuilt_at = now()`,
        [hash, documents.length],
      );
      return { rebuilt: true, documents: documents.length };
    });
  }
}
