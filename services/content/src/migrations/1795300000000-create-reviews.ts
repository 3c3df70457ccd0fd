import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reviews table (search_path is the service's schema, see service-kit createDatabaseModule). */
export class CreateReviews1795300000000 implements MigrationInterface {
  name = 'CreateReviews1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        source_key varchar(64) NOT NULL UNIQUE,
        author_name varchar(200) NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        platform varchar(100),
        location varchar(200),
        review_text text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE reviews');
  }
}
