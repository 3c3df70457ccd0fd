import { Injectable } from '@nestjs/common';
import type { ImageRef, SearchHit, SearchHitCategory, SearchHitKind, SearchResponse } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { containsLikePattern, prefixTsQuery, type SearchRequest } from './search-query.js';

/**
 * A style's rank is multiplied by this: its cabinets and sample doors carry the style's name in their
 * titles too, and without it "white" suggested six sample doors before any white style (measured on
 * the site's catalog).
 */
export const STYLE_BOOST = 2;

interface HitRow {
  kind: SearchHitKind;
  name: string;
  title: string;
  description: string;
  url: string;
  image: ImageRef | null;
  sku: string | null;
  categories: SearchHitCategory[];
  total: string;
}

/**
 * Full-text search over search_document: every word of the query must match (the last one as a
 * prefix, so suggestions follow typing), or the sku contains the query. An exact sku comes first,
 * then ts_rank_cd (cover density, normalised by document length so long articles do not win by
 * size alone; a style counts STYLE_BOOST times), then the title.
 */
@Injectable()
export class SearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search({ query, page, pageSize }: SearchRequest): Promise<SearchResponse> {
    const rows = (await this.dataSource.query(
      `WITH q AS (SELECT to_tsquery('english', $1::text) AS query),
       matches AS (
         SELECT d.kind, d.name, d.title, d.description, d.url, d.image, d.sku, d.categories,
                coalesce(ts_rank_cd(d.document, q.query, 1), 0) * (CASE d.kind WHEN 'style' THEN $6::real ELSE 1 END) AS rank,
                upper(d.sku) = upper($2) AS exact_sku
         FROM search_document d, q
         WHERE d.document @@ q.query OR d.sku ILIKE $3
       )
       SELECT kind, name, title, description, url, image, sku, categories, (SELECT count(*) FROM matches) AS total
       FROM matches
       ORDER BY exact_sku DESC NULLS LAST, rank DESC, title ASC, url ASC
       LIMIT $4 OFFSET $5`,
      [prefixTsQuery(query), query, containsLikePattern(query), pageSize, (page - 1) * pageSize, STYLE_BOOST],
    )) as HitRow[];
    const total = rows.length > 0 ? Number(rows[0]!.total) : await this.count(query);
    return {
      query,
      items: rows.map(toHit),
      total,
      page,
      pageSize,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  /** The total for a page past the end (it has no rows to carry it). */
  private async count(query: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*) AS total FROM search_document d
       WHERE d.document @@ to_tsquery('english', $1::text) OR d.sku ILIKE $2`,
      [prefixTsQuery(query), containsLikePattern(query)],
    )) as { total: string }[];
    return Number(row?.total ?? 0);
  }
}

function toHit(row: HitRow): SearchHit {
  return {
    kind: row.kind,
    // rows written before the name column have none: their title is the name
    name: row.name || row.title,
    title: row.title,
    description: row.description,
    url: row.url,
    ...(row.image ? { image: row.image } : {}),
    ...(row.sku ? { sku: row.sku } : {}),
    categories: row.categories ?? [],
  };
}
