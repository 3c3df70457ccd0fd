import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog tables behind GET /api/catalog/* (search_path is the service's schema). Filled from
 * content/catalogs/product-styles.json at start-up by CatalogLoader; never edited by hand.
 *
 * facet_values holds "field:value" strings (doorStyle:shaker, colorFamily:white, finishType:paint,
 * label:best-seller) so one GIN index serves every filter, and a new filter needs no migration.
 * facet_bits has one bigint per listing filter (in catalog_meta.listing_filters order), bit i set for
 * the filter's option i: facet counts are integer tests, ten times cheaper than array tests.
 * card is the ProductStyleCard the listing sends, built once at load; document is the whole style.
 */
export class CreateCatalog1795420000000 implements MigrationInterface {
  name = 'CreateCatalog1795420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalog_meta (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        content_hash varchar(64) NOT NULL,
        style_count integer NOT NULL,
        listing_filters jsonb NOT NULL,
        loaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE catalog_style (
        code varchar(64) PRIMARY KEY,
        position integer NOT NULL,
        category varchar(100),
        title varchar(300) NOT NULL,
        title_sort varchar(300) COLLATE "C" NOT NULL,
        description text NOT NULL DEFAULT '',
        short_description text NOT NULL DEFAULT '',
        labels text[] NOT NULL DEFAULT '{}',
        door_style varchar(100),
        added_on date,
        card_image jsonb,
        facet_values text[] NOT NULL DEFAULT '{}',
        facet_bits bigint[] NOT NULL DEFAULT '{}',
        card jsonb NOT NULL,
        document jsonb NOT NULL
      )`);
    // one btree per sort (title for A-Z/Z-A, date for Newest/Oldest; code breaks ties so pages never overlap)
    await queryRunner.query('CREATE INDEX catalog_style_title_idx ON catalog_style (title_sort, code)');
    await queryRunner.query('CREATE INDEX catalog_style_added_idx ON catalog_style (added_on, code)');
    await queryRunner.query('CREATE INDEX catalog_style_category_idx ON catalog_style (category)');
    await queryRunner.query('CREATE INDEX catalog_style_facets_idx ON catalog_style USING gin (facet_values)');
    await queryRunner.query(`
      CREATE TABLE catalog_finish (
        style_code varchar(64) NOT NULL REFERENCES catalog_style (code) ON DELETE CASCADE,
        type varchar(100) NOT NULL,
        group_label varchar(200) NOT NULL,
        value varchar(100) NOT NULL,
        label varchar(200) NOT NULL,
        hex varchar(7) NOT NULL,
        color_family varchar(100),
        swatch_image varchar(500),
        door_image varchar(500),
        position integer NOT NULL,
        PRIMARY KEY (style_code, type, value)
      )`);
    await queryRunner.query('CREATE INDEX catalog_finish_value_idx ON catalog_finish (value)');
    await queryRunner.query(`
      CREATE TABLE catalog_item (
        sku varchar(100) PRIMARY KEY,
        style_code varchar(64) NOT NULL REFERENCES catalog_style (code) ON DELETE CASCADE,
        name varchar(500) NOT NULL,
        price numeric(12, 2) NOT NULL,
        weight numeric(10, 2),
        is_sample boolean NOT NULL DEFAULT false,
        finish_type varchar(100),
        finish_value varchar(100),
        position integer NOT NULL
      )`);
    // the distinct facet_bits of the catalog with how many styles have each: facet counts sum these
    // (hundreds of rows at 5,000 styles, a handful today) instead of scanning every style
    await queryRunner.query(`
      CREATE TABLE catalog_facet_combo (
        facet_bits bigint[] PRIMARY KEY,
        styles integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX catalog_item_style_idx ON catalog_item (style_code, position)');
    await queryRunner.query('CREATE INDEX catalog_item_samples_idx ON catalog_item (style_code, position) WHERE is_sample');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE catalog_facet_combo');
    await queryRunner.query('DROP TABLE catalog_item');
    await queryRunner.query('DROP TABLE catalog_finish');
    await queryRunner.query('DROP TABLE catalog_style');
    await queryRunner.query('DROP TABLE catalog_meta');
  }
}
