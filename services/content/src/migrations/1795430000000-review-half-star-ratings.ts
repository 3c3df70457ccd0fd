import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec §3/§9: a review's rating comes as a string or a number and stars show in halves, so a review
 * platform's 4.5 is a rating to keep, not to drop: ratings become half steps from 1 to 5.
 */
export class ReviewHalfStarRatings1795430000000 implements MigrationInterface {
  name = 'ReviewHalfStarRatings1795430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_rating_check');
    await queryRunner.query('ALTER TABLE reviews ALTER COLUMN rating TYPE numeric(2,1) USING rating::numeric');
    await queryRunner.query('ALTER TABLE reviews ADD CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5 AND rating * 2 = trunc(rating * 2))');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_rating_check');
    await queryRunner.query('ALTER TABLE reviews ALTER COLUMN rating TYPE smallint USING round(rating)::smallint');
    await queryRunner.query('ALTER TABLE reviews ADD CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5)');
  }
}
