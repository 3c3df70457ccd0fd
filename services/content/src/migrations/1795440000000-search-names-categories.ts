import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search hits carry the spec §3 search item's name and categories. Plain display columns, not in the
 * tsvector: the name is the title's words and the categories are in the body already (blog) or are the
 * door style's name. The defaults cover rows written before; the next start-up rebuilds them anyway
 * (their content hash no longer matches).
 */
export class SearchNamesCategories1795440000000 implements MigrationInterface {
  name = 'SearchNamesCategories1795440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE search_document ADD COLUMN name text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE search_document ADD COLUMN categories jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE search_document DROP COLUMN categories');
    await queryRunner.query('ALTER TABLE search_document DROP COLUMN name');
  }
}
