import path from 'node:path';
import { readCatalogConfig } from './catalog-config.js';

describe('readCatalogConfig', () => {
  const options = { serviceSchema: 'content', contentDir: '/srv/content' };

  it('reads the service schema and content/catalogs by default', () => {
    expect(readCatalogConfig(options, {})).toEqual({
      serviceSchema: 'content',
      schema: 'content',
      stylesFile: '/srv/content/catalogs/product-styles.json',
      filtersFile: '/srv/content/catalogs/listing-filters.json',
      edgeCacheSeconds: 10,
    });
  });

  it('takes a scratch schema, a styles file and the edge cache seconds from the environment', () => {
    const config = readCatalogConfig(options, { CATALOG_SCHEMA: ' bench_catalog_5000 ', CATALOG_STYLES_FILE: 'tmp/styles.json', CONTENT_EDGE_CACHE_SECONDS: '0' });
    expect(config).toMatchObject({ schema: 'bench_catalog_5000', stylesFile: path.resolve('tmp/styles.json'), edgeCacheSeconds: 0 });
    // the filters always come from the content folder
    expect(config.filtersFile).toBe('/srv/content/catalogs/listing-filters.json');
  });

  it('refuses a schema name that is not a plain identifier, and a bad number', () => {
    expect(() => readCatalogConfig(options, { CATALOG_SCHEMA: 'x"; DROP TABLE y' })).toThrow(/CATALOG_SCHEMA/);
    expect(() => readCatalogConfig(options, { CONTENT_EDGE_CACHE_SECONDS: 'soon' })).toThrow(/CONTENT_EDGE_CACHE_SECONDS/);
  });
});
