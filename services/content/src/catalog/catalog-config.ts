import path from 'node:path';
import { integer, readEnvConfig, text } from '@storefront/service-kit';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');

export interface CatalogConfig {
  /** the service's own schema, where the migration made the catalog tables */
  serviceSchema: string;
  /**
   * Where the catalog tables are read and loaded: the service schema unless CATALOG_SCHEMA names a
   * scratch one (the bench's 5,000-style catalog), whose tables are made like the service schema's.
   */
  schema: string;
  /** product-styles.json to load (CATALOG_STYLES_FILE, else content/catalogs/product-styles.json) */
  stylesFile: string;
  /** content/catalogs/listing-filters.json */
  filtersFile: string;
  /** Seconds the gateway may answer a repeated listing from its memory (as for other content answers). */
  edgeCacheSeconds: number;
}

export interface CatalogOptions {
  serviceSchema: string;
  contentDir: string;
  schema?: string;
  stylesFile?: string;
  /** defaults to CONTENT_EDGE_CACHE_SECONDS or 10 */
  edgeCacheSeconds?: number;
}

export function readCatalogConfig(options: CatalogOptions, env: Record<string, string | undefined> = process.env): CatalogConfig {
  const fromEnv = readEnvConfig(
    {
      schema: text('CATALOG_SCHEMA', ''),
      stylesFile: text('CATALOG_STYLES_FILE', ''),
      edgeCacheSeconds: integer('CONTENT_EDGE_CACHE_SECONDS', 10, 0, 86_400),
    },
    env,
  );
  const schema = options.schema ?? (fromEnv.schema || options.serviceSchema);
  if (!SCHEMA_NAME.test(schema)) throw new Error(`CATALOG_SCHEMA "${schema}" must match ${SCHEMA_NAME}`);
  return {
    serviceSchema: options.serviceSchema,
    schema,
    stylesFile: path.resolve(options.stylesFile ?? (fromEnv.stylesFile || path.join(options.contentDir, 'catalogs/product-styles.json'))),
    filtersFile: path.join(options.contentDir, 'catalogs/listing-filters.json'),
    edgeCacheSeconds: options.edgeCacheSeconds ?? fromEnv.edgeCacheSeconds,
  };
}
