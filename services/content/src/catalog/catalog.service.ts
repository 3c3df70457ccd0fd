import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  CATALOG_MESSAGES,
  CATALOG_SORT_OPTIONS,
  type CatalogFilter,
  type CatalogListingFiltersFile,
  type CatalogListingQuery,
  type CatalogListingResponse,
  type CatalogSampleGroup,
  type CatalogSamplesResponse,
  productStylePath,
} from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { strongEtag } from '../content/cached-json.js';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { buildListingIndex, type IndexedStyle, type ListingIndex, type ListingPage, queryListingIndex } from './listing-index.js';
import { type ListingFilterDefinition, type ListingQuery, listingQueryOf, selectionKey } from './listing-query.js';

/** How long the catalog's version is taken as read (a reload shows within this). */
const META_TTL_MS = 2000;
/** Listing answers kept serialized per query and catalog version (about 25 KB each at 24 cards). */
const ANSWER_CACHE_SIZE = 500;

/** A listing answer serialized once, with its strong ETag. */
export interface SerializedListing {
  body: Buffer;
  etag: string;
}

/** Map used as an LRU: a hit moves to the end, the oldest (first) goes when full. */
function remember<V>(cache: Map<string, V>, key: string, value: V, size: number): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > size) cache.delete(cache.keys().next().value!);
}

function recall<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) remember(cache, key, value, Number.POSITIVE_INFINITY);
  return value;
}

const SORT_OPTIONS = CATALOG_SORT_OPTIONS.map((option) => ({ ...option }));
const COMMA = Buffer.from(',');

/**
 * The catalog listing, answered from an in-memory index of the catalog tables (listing-index.ts):
 * each replica reads the styles once per catalog version (the content hash in catalog_meta, checked
 * at most every META_TTL_MS) and answers every selection, sort and page without SQL. The sample
 * lists are queried from the tables.
 */
@Injectable()
export class CatalogService {
  private meta?: { at: number; version: Promise<string | null> };
  private index?: ListingIndex;
  /** the index being built, one at a time per version (concurrent requests share it) */
  private building?: { version: string; index: Promise<ListingIndex> };
  /** builds started, and the number of the one in `index`: a slow older build never replaces a newer */
  private builds = 0;
  private indexBuild = 0;
  private readonly logger = new Logger('catalog');
  private readonly answerCache = new Map<string, SerializedListing>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  private table(name: string): string {
    return `"${this.config.schema}".${name}`;
  }

  /** The loaded catalog's content hash; null while nothing is loaded. */
  private currentVersion(): Promise<string | null> {
    const now = Date.now();
    if (!this.meta || now - this.meta.at > META_TTL_MS) {
      const version = this.dataSource
        .query(`SELECT content_hash FROM ${this.table('catalog_meta')}`)
        .then((rows: { content_hash: string }[]) => rows[0]?.content_hash ?? null);
      // a failed read is not kept
      version.catch(() => {
        if (this.meta?.version === version) this.meta = undefined;
      });
      this.meta = { at: now, version };
    }
    return this.meta.version;
  }

  /**
   * The index of this catalog version: the one in memory, the one being built, or a new build.
   * A failed build is not kept (the next request tries again).
   */
  private indexFor(version: string): Promise<ListingIndex> {
    if (this.index?.version === version) return Promise.resolve(this.index);
    if (this.building?.version === version) return this.building.index;
    const build = (this.builds += 1);
    const started = Date.now();
    const index = this.loadIndex().then(
      (built) => {
        this.logger.log(`Listing index of catalog ${built.version.slice(0, 12)}: ${built.size} styles in ${Date.now() - started} ms`);
        if (this.building?.index === index) this.building = undefined;
        if (build > this.indexBuild) {
          this.indexBuild = build;
          this.index = built;
          // answers are keyed by version; the old ones would only take room
          this.answerCache.clear();
        }
        // reloaded again since the version was read: read the version anew rather than rebuild per request
        if (built.version !== version) this.meta = undefined;
        return built;
      },
      (error: unknown) => {
        if (this.building?.index === index) this.building = undefined;
        this.logger.error(`Listing index was not built: ${(error as Error).message}`);
        throw error;
      },
    );
    this.building = { version, index };
    return index;
  }

  /**
   * The styles, the filters and the content hash from one snapshot (the loader replaces the catalog
   * in one transaction, so this is one catalog version, never half of two). Styles in code order:
   * the index breaks sort ties by position, as ORDER BY ..., code did.
   */
  private async loadIndex(): Promise<ListingIndex> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      try {
        const [meta] = (await runner.query(`SELECT content_hash, listing_filters FROM ${this.table('catalog_meta')}`)) as {
          content_hash: string;
          listing_filters: CatalogListingFiltersFile;
        }[];
        const rows = (await runner.query(
          `SELECT code, card::text AS card, title_sort, to_char(added_on, 'YYYY-MM-DD') AS added_on, facet_values
           FROM ${this.table('catalog_style')} ORDER BY code`,
        )) as { code: string; card: string; title_sort: string; added_on: string | null; facet_values: string[] }[];
        await runner.commitTransaction();
        const styles: IndexedStyle[] = rows.map((row) => ({
          code: row.code,
          card: row.card,
          titleSort: row.title_sort,
          addedOn: row.added_on,
          facetValues: row.facet_values,
        }));
        return buildListingIndex(meta?.content_hash ?? '', meta?.listing_filters.filters ?? [], styles);
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * The listing serialized, from memory when this query was answered before for this catalog
   * version: the catalog only changes with a deploy, so an answer stays true until then.
   */
  async listSerialized(asked: CatalogListingQuery): Promise<SerializedListing> {
    const version = await this.currentVersion();
    if (version === null) {
      // nothing loaded yet: an empty listing, not kept
      return this.serialize(this.answer(listingQueryOf(asked, []), [], { total: 0, page: 1, totalPages: 1, cards: [], counts: [] }));
    }
    const index = await this.indexFor(version);
    const query = listingQueryOf(asked, index.filters);
    const key = `${index.version}|${query.page}|${query.pageSize}|${query.sort}|${selectionKey(query.selections)}`;
    const cached = recall(this.answerCache, key);
    if (cached) return cached;
    const serialized = this.serialize(this.answer(query, index.filters, queryListingIndex(index, query)));
    if (index === this.index) remember(this.answerCache, key, serialized, ANSWER_CACHE_SIZE);
    return serialized;
  }

  /**
   * The cards are spliced in as PostgreSQL gave them (jsonb as text, encoded once in the index): no
   * parse, re-serialize or re-encode per answer.
   */
  private serialize({ cards, ...answer }: Omit<CatalogListingResponse, 'items'> & { cards: Buffer[] }): SerializedListing {
    const parts: Buffer[] = [Buffer.from('{"items":[')];
    cards.forEach((card, i) => parts.push(...(i > 0 ? [COMMA, card] : [card])));
    parts.push(Buffer.from(`],${JSON.stringify(answer).slice(1)}`));
    const body = Buffer.concat(parts);
    return { body, etag: strongEtag(body) };
  }

  async list(query: CatalogListingQuery): Promise<CatalogListingResponse> {
    return JSON.parse((await this.listSerialized(query)).body.toString('utf8')) as CatalogListingResponse;
  }

  private answer(query: ListingQuery, filters: readonly ListingFilterDefinition[], listed: ListingPage): Omit<CatalogListingResponse, 'items'> & { cards: Buffer[] } {
    const shown: CatalogFilter[] = filters.map((filter, f) => {
      const selected = new Set(query.selections.get(filter.value) ?? []);
      return {
        name: filter.value,
        label: filter.label,
        options: filter.options.map((option, i) => ({
          value: option.value,
          label: option.label,
          count: listed.counts[f]?.[i] ?? 0,
          selected: selected.has(option.value),
        })),
      };
    });
    return {
      cards: listed.cards,
      total: listed.total,
      page: listed.page,
      pageSize: query.pageSize,
      totalPages: listed.totalPages,
      sort: query.sort,
      sortOptions: SORT_OPTIONS,
      filters: shown,
    };
  }

  /**
   * Sample doors grouped by style, in catalog order, of the styles asked for (each once, as the
   * route's schema gives them; none: every style); an unknown style is a 404 (spec §8 message).
   */
  async samples(codes: readonly string[]): Promise<CatalogSamplesResponse> {
    const rows: {
      code: string;
      title: string;
      sku: string | null;
      name: string | null;
      price: string | null;
      finish_type: string | null;
      finish_value: string | null;
      finish_label: string | null;
      hex: string | null;
      swatch_image: string | null;
      door_image: string | null;
    }[] = await this.dataSource.query(
      `SELECT s.code, s.title, i.sku, i.name, i.price, i.finish_type, i.finish_value,
              f.label AS finish_label, f.hex, f.swatch_image, f.door_image
       FROM ${this.table('catalog_style')} s
       LEFT JOIN ${this.table('catalog_item')} i ON i.style_code = s.code AND i.is_sample
       LEFT JOIN ${this.table('catalog_finish')} f ON f.style_code = s.code AND f.type = i.finish_type AND f.value = i.finish_value
       ${codes.length > 0 ? 'WHERE s.code = ANY($1::text[])' : ''}
       ORDER BY s.position, i.position`,
      codes.length > 0 ? [codes] : [],
    );
    const groups = new Map<string, CatalogSampleGroup>();
    for (const row of rows) {
      let group = groups.get(row.code);
      if (!group) {
        group = { code: row.code, title: row.title, path: productStylePath(row.code), items: [] };
        groups.set(row.code, group);
      }
      if (row.sku === null || row.name === null) continue;
      group.items.push({
        sku: row.sku,
        name: row.name,
        price: Number(row.price),
        finish:
          row.finish_type && row.finish_value
            ? { type: row.finish_type, value: row.finish_value, label: row.finish_label ?? row.finish_value, hex: row.hex ?? '' }
            : null,
        image: row.door_image ?? row.swatch_image ?? null,
      });
    }
    if (codes.some((code) => !groups.has(code))) throw new NotFoundException(CATALOG_MESSAGES.productNotFound);
    return { styles: [...groups.values()] };
  }
}
