import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CATALOG_MESSAGES,
  CATALOG_SORT_OPTIONS,
  type CatalogFilter,
  type CatalogListingFiltersFile,
  type CatalogListingResponse,
  type CatalogSampleGroup,
  type CatalogSamplesResponse,
  productStylePath,
} from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { strongEtag } from '../content/cached-json.js';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { facetValue, MAX_OPTIONS_PER_FILTER } from './catalog-rows.js';
import { type ListingFilterDefinition, type ListingQuery, ORDER_BY, parseListingQuery, selectionKey } from './listing-query.js';

interface CatalogMeta {
  version: string;
  filters: ListingFilterDefinition[];
}

interface FacetCounts {
  version: string;
  total: number;
  /** "field:value" -> styles with it under the other filters' selection */
  counts: Map<string, number>;
}

/** How long the catalog's version and filters are taken as read (a reload shows within this). */
const META_TTL_MS = 2000;
/** Facet counts kept per selection and catalog version (only a deploy changes the catalog). */
const FACET_CACHE_SIZE = 500;
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

/**
 * The catalog listing and sample lists, queried from the catalog tables: one indexed query per page
 * (filters by the GIN index on facet_values, order by the sort's btree), and the facet counts and
 * total of a selection in one pass over the table, kept per selection until the catalog changes.
 */
@Injectable()
export class CatalogService {
  private meta?: { at: number; value: Promise<CatalogMeta | null> };
  private readonly facetCache = new Map<string, FacetCounts>();
  private readonly answerCache = new Map<string, SerializedListing>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  private table(name: string): string {
    return `"${this.config.schema}".${name}`;
  }

  /** The loaded catalog's version and filters; null while nothing is loaded. */
  private currentMeta(): Promise<CatalogMeta | null> {
    const now = Date.now();
    if (!this.meta || now - this.meta.at > META_TTL_MS) {
      const value = this.dataSource
        .query(`SELECT content_hash, listing_filters FROM ${this.table('catalog_meta')}`)
        .then((rows: { content_hash: string; listing_filters: CatalogListingFiltersFile }[]) =>
          rows[0] ? { version: rows[0].content_hash, filters: rows[0].listing_filters.filters ?? [] } : null,
        );
      // a failed read is not kept
      value.catch(() => {
        if (this.meta?.value === value) this.meta = undefined;
      });
      this.meta = { at: now, value };
    }
    return this.meta.value;
  }

  /**
   * The listing serialized, from memory when this query was answered before for this catalog
   * version: the catalog only changes with a deploy, so an answer stays true until then.
   */
  async listSerialized(rawQuery: Record<string, unknown>): Promise<SerializedListing> {
    const meta = await this.currentMeta();
    const query = parseListingQuery(rawQuery, meta?.filters ?? []);
    const key = `${meta?.version ?? ''}|${query.page}|${query.pageSize}|${query.sort}|${selectionKey(query.selections)}`;
    const cached = recall(this.answerCache, key);
    if (cached) return cached;
    const { answer, cards, version } = await this.listFor(meta, query);
    // the cards are spliced in as PostgreSQL sent them (jsonb as text): no parse and re-serialize
    const rest = JSON.stringify(answer);
    const body = Buffer.from(`{"items":[${cards.join(',')}],${rest.slice(1)}`);
    const serialized = { body, etag: strongEtag(body) };
    if (meta && version === meta.version) remember(this.answerCache, key, serialized, ANSWER_CACHE_SIZE);
    return serialized;
  }

  async list(rawQuery: Record<string, unknown>): Promise<CatalogListingResponse> {
    return JSON.parse((await this.listSerialized(rawQuery)).body.toString('utf8')) as CatalogListingResponse;
  }

  /** The answer without its items, and the page's cards as JSON text. */
  private async listFor(
    meta: CatalogMeta | null,
    query: ListingQuery,
  ): Promise<{ answer: Omit<CatalogListingResponse, 'items'>; cards: string[]; version: string }> {
    const filters = meta?.filters ?? [];
    if (!meta) return { answer: this.answer(query, filters, { version: '', total: 0, counts: new Map() }, 1), cards: [], version: '' };

    let facets = await this.facetCounts(meta, query);
    let page = query.page;
    const totalPages = Math.max(1, Math.ceil(facets.total / query.pageSize));
    // a page past the end gives the first page (the issue's rule), not an empty one
    if (page > totalPages) page = 1;
    let rows = await this.pageRows(query, filters, page);
    if (rows.length > 0 && rows[0]!.version !== facets.version) {
      // the catalog was reloaded since these counts were made: count again for the new one
      this.facetCache.clear();
      this.answerCache.clear();
      this.meta = undefined;
      const fresh = await this.currentMeta();
      if (fresh) facets = await this.facetCounts(fresh, query);
      if (page > Math.max(1, Math.ceil(facets.total / query.pageSize))) {
        page = 1;
        rows = await this.pageRows(query, filters, page);
      }
    }
    return { answer: this.answer(query, filters, facets, page), cards: rows.map((row) => row.card), version: facets.version };
  }

  private answer(query: ListingQuery, filters: ListingFilterDefinition[], facets: FacetCounts, page: number): Omit<CatalogListingResponse, 'items'> {
    const listed: CatalogFilter[] = filters.map((filter) => {
      const selected = new Set(query.selections.get(filter.value) ?? []);
      return {
        name: filter.value,
        label: filter.label,
        options: filter.options.map((option) => ({
          value: option.value,
          label: option.label,
          count: facets.counts.get(facetValue(filter.field, option.value)) ?? 0,
          selected: selected.has(option.value),
        })),
      };
    });
    return {
      total: facets.total,
      page,
      pageSize: query.pageSize,
      totalPages: Math.max(1, Math.ceil(facets.total / query.pageSize)),
      sort: query.sort,
      sortOptions: SORT_OPTIONS,
      filters: listed,
    };
  }

  /** `facet_values && $n` per filter with a selection: any chosen value of a filter, every filter. */
  private selectionConditions(query: ListingQuery, filters: ListingFilterDefinition[], params: unknown[]): { name: string; sql: string }[] {
    const conditions: { name: string; sql: string }[] = [];
    for (const filter of filters) {
      const values = query.selections.get(filter.value);
      if (!values) continue;
      params.push(values.map((value) => facetValue(filter.field, value)));
      conditions.push({ name: filter.value, sql: `facet_values && $${params.length}::text[]` });
    }
    return conditions;
  }

  private async pageRows(query: ListingQuery, filters: ListingFilterDefinition[], page: number): Promise<{ card: string; version: string }[]> {
    const params: unknown[] = [];
    const where = this.selectionConditions(query, filters, params).map((condition) => condition.sql);
    params.push(query.pageSize, (page - 1) * query.pageSize);
    return this.dataSource.query(
      `SELECT card::text AS card, (SELECT content_hash FROM ${this.table('catalog_meta')}) AS version
       FROM ${this.table('catalog_style')}
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${ORDER_BY[query.sort]}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  /**
   * The total under the whole selection, and per filter option the styles matching it under the
   * other filters' selection (so choosing White still shows how many Grey there are): one pass over
   * the catalog's distinct facet combinations (catalog_facet_combo, made at load) with integer tests
   * on facet_bits (one bigint per filter, a bit per option), summing their style counts.
   */
  private async facetCounts(meta: CatalogMeta, query: ListingQuery): Promise<FacetCounts> {
    const cached = recall(this.facetCache, `${meta.version}|${selectionKey(query.selections)}`);
    if (cached) return cached;
    const params: unknown[] = [];
    const columns: string[] = [];
    // per filter with a selection: does the style have any chosen option (m{f})
    const matches = meta.filters.flatMap((filter, f) => {
      const chosen = query.selections.get(filter.value);
      if (!chosen) return [];
      const mask = filter.options
        .slice(0, MAX_OPTIONS_PER_FILTER)
        .reduce((bits, option, i) => (chosen.includes(option.value) ? bits | (1n << BigInt(i)) : bits), 0n);
      params.push(mask.toString());
      columns.push(`(facet_bits[${f + 1}] & $${params.length}::bigint) <> 0 AS m${f}`);
      return [f];
    });
    const under = (except?: number): string => matches.filter((f) => f !== except).map((f) => `m${f}`).join(' AND ') || 'true';
    const counted: string[] = [];
    const keys: string[] = [];
    meta.filters.forEach((filter, f) => {
      columns.push(`facet_bits[${f + 1}] AS b${f}`);
      filter.options.slice(0, MAX_OPTIONS_PER_FILTER).forEach((option, i) => {
        // bit values are generated here, never taken from the request
        counted.push(`coalesce(sum(styles) FILTER (WHERE (b${f} & ${(1n << BigInt(i)).toString()}::bigint) <> 0 AND ${under(f)}), 0) AS c${keys.length}`);
        keys.push(facetValue(filter.field, option.value));
      });
    });
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(sum(styles) FILTER (WHERE ${under()}), 0) AS total, (SELECT content_hash FROM ${this.table('catalog_meta')}) AS version
              ${counted.map((column) => `, ${column}`).join('')}
       FROM (SELECT ${['styles', ...columns].join(', ')} FROM ${this.table('catalog_facet_combo')} OFFSET 0) AS combos`,
      params,
    )) as Record<string, string | null>[];
    const counts = new Map(keys.map((key, i) => [key, Number(row?.[`c${i}`] ?? 0)]));
    const result: FacetCounts = { version: row?.version ?? meta.version, total: Number(row?.total ?? 0), counts };
    remember(this.facetCache, `${result.version}|${selectionKey(query.selections)}`, result, FACET_CACHE_SIZE);
    return result;
  }

  /** Sample doors grouped by style, in catalog order; an unknown style is a 404 (spec §8 message). */
  async samples(rawStyle: unknown): Promise<CatalogSamplesResponse> {
    const asked = (Array.isArray(rawStyle) ? rawStyle : [rawStyle]).filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean);
    const codes = [...new Set(asked)];
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
