import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site search (search_path is the service's schema): one row per style, product and blog post,
 * rebuilt from content/ at start-up, with a weighted tsvector (title and sku A, description B,
 * the rest C) kept by PostgreSQL itself as a generated column, and a GIN index over it.
 * search_index_state remembers the hash of the content the rows were built from.
 */
export class CreateSearchDocuments1795410000000 implements MigrationInterface {
  name = 'CreateSearchDocuments1795410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE search_document (
        key varchar(200) PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('style', 'product', 'blog')),
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        body text NOT NULL DEFAULT '',
        sku varchar(64),
        url text NOT NULL,
        image jsonb,
        document tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title || ' ' || coalesce(sku, '')), 'A') ||
          setweight(to_tsvector('english', description), 'B') ||
          setweight(to_tsvector('english', body), 'C')
        ) STORED
      )`);
    await queryRunner.query('CREATE INDEX search_document_document_idx ON search_document USING GIN (document)');
    await queryRunner.query('CREATE INDEX search_document_sku_idx ON search_document (upper(sku))');
    await queryRunner.query(`
      CREATE TABLE search_index_state (
        id smallint PRIMARY KEY CHECK (id = 1),
        content_hash char(64) NOT NULL,
        document_count integer NOT NULL,
        rebuilt_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE search_index_state');
    await queryRunner.query('DROP TABLE search_document');
  }
}
