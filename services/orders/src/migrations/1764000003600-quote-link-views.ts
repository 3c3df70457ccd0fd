import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a quote's payment link was first opened, so staff see a quote was viewed (the back office's quote state). */
export class QuoteLinkViews1764000003600 implements MigrationInterface {
  name = 'QuoteLinkViews1764000003600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE quote_payment_link ADD COLUMN viewed_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE quote_payment_link DROP COLUMN viewed_at`);
  }
}
