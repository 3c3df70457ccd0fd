import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { CatalogListingFiltersFile } from '@storefront/contracts';
import { listingFiltersSchema, readContentValue } from '@storefront/contracts/content-files';
import { DataSource, type QueryRunner } from 'typeorm';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { catalogRows, type CatalogRows } from './catalog-rows.js';

/** Bump when catalogRows() changes what it writes, so an unchanged file is still reloaded once. */
const ROWS_VERSION = 'catalog-rows-5';
/** Rows per INSERT: keeps each statement's JSON parameter a few MB at most. */
const CHUNK = 500;
const TABLES = ['catalog_meta', 'catalog_style', 'catalog_finish', 'catalog_item', 'catalog_facet_combo'] as const;

export interface CatalogLoadResult {
  /** false when the tables already held this very catalog (another replica, or an earlier boot) */
  loaded: boolean;
  styles: number;
  contentHash: string;
}

/** The listing filters, checked with their content-file schema (a broken file fails the load, which is logged). */
function readFilters(raw: string | undefined): CatalogListingFiltersFile {
  if (raw === undefined) return { filters: [] };
  return readContentValue('catalogs/listing-filters.json', listingFiltersSchema, JSON.parse(raw));
}

/**
 * Fills the catalog tables from product-styles.json at start-up, in one transaction (readers see the
 * old catalog or the new one, never half), under an advisory lock per schema so replicas that boot
 * together load it once; the content hash in catalog_meta makes an unchanged catalog a no-op.
 */
@Injectable()
export class CatalogLoader implements OnApplicationBootstrap {
  private readonly logger = new Logger('catalog');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const result = await this.load();
      this.logger.log(result.loaded ? `Catalog loaded: ${result.styles} styles into "${this.config.schema}"` : `Catalog unchanged (${result.styles} styles)`);
    } catch (error) {
      // A broken catalog file must not keep the content API down: the listing serves what is stored.
      this.logger.error(`Catalog was not loaded: ${(error as Error).message}`);
    }
  }

  async load(): Promise<CatalogLoadResult> {
    const stylesRaw = await readFile(this.config.stylesFile, 'utf8');
    const filtersRaw = await readFile(this.config.filtersFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        this.logger.warn(`${this.config.filtersFile} is missing: the listing offers no filters`);
        return undefined;
      }
      throw error;
    });
    const contentHash = createHash('sha256')
      .update(ROWS_VERSION)
      .update('\0')
      .update(stylesRaw)
      .update('\0')
      .update(filtersRaw ?? '')
      .digest('hex');
    const filters = readFilters(filtersRaw);
    const schema = this.config.schema;

    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      if (schema !== this.config.serviceSchema) await this.ensureScratchTables(runner);
      await runner.startTransaction();
      try {
        await runner.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`storefront-catalog:${schema}`]);
        const [current] = (await runner.query(`SELECT content_hash, style_count FROM "${schema}".catalog_meta`)) as { content_hash: string; style_count: number }[];
        if (current?.content_hash === contentHash) {
          await runner.commitTransaction();
          return { loaded: false, styles: current.style_count, contentHash };
        }
        const rows = catalogRows(JSON.parse(stylesRaw));
        for (const problem of rows.skipped) this.logger.warn(`product-styles.json ${problem}: left out of the catalog`);
        await this.replace(runner, rows);
        await runner.query(
          `INSERT INTO "${schema}".catalog_meta (id, content_hash, style_count, listing_filters, loaded_at) VALUES (1, $1, $2, $3, now())
           ON CONFLICT (id) DO UPDATE SET content_hash = EXCLUDED.content_hash, style_count = EXCLUDED.style_count,
             listing_filters = EXCLUDED.listing_filters, loaded_at = EXCLUDED.loaded_at`,
          [contentHash, rows.styles.length, JSON.stringify(filters)],
        );
        await runner.commitTransaction();
        return { loaded: true, styles: rows.styles.length, contentHash };
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  /** DELETE (not TRUNCATE): readers keep reading the old rows until the transaction commits. */
  private async replace(runner: QueryRunner, rows: CatalogRows): Promise<void> {
    const schema = this.config.schema;
    // no longer filled (facet counts come from the service's listing index): emptied of older loads
    await runner.query(`DELETE FROM "${schema}".catalog_facet_combo`);
    await runner.query(`DELETE FROM "${schema}".catalog_item`);
    await runner.query(`DELETE FROM "${schema}".catalog_finish`);
    await runner.query(`DELETE FROM "${schema}".catalog_style`);
    await this.insert(runner, 'catalog_style', rows.styles);
    await this.insert(runner, 'catalog_finish', rows.finishes);
    await this.insert(runner, 'catalog_item', rows.items);
    await runner.query(`ANALYZE "${schema}".catalog_style`);
  }

  /** Rows as one JSON parameter per chunk: a few statements instead of one per row. */
  private async insert(runner: QueryRunner, table: string, rows: object[]): Promise<void> {
    const qualified = `"${this.config.schema}".${table}`;
    for (let start = 0; start < rows.length; start += CHUNK) {
      await runner.query(
        `INSERT INTO ${qualified} SELECT * FROM jsonb_populate_recordset(NULL::${qualified}, $1::jsonb) ON CONFLICT DO NOTHING`,
        [JSON.stringify(rows.slice(start, start + CHUNK))],
      );
    }
  }

  /** A scratch schema (CATALOG_SCHEMA) gets tables like the migrated ones: same columns and indexes. */
  private async ensureScratchTables(runner: QueryRunner): Promise<void> {
    const { schema, serviceSchema } = this.config;
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`storefront-catalog:${schema}`]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      for (const table of TABLES) {
        await runner.query(`CREATE TABLE IF NOT EXISTS "${schema}".${table} (LIKE "${serviceSchema}".${table} INCLUDING ALL)`);
      }
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`storefront-catalog:${schema}`]);
    }
  }
}
