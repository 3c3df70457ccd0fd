import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored uploads are deleted after UPLOAD_RETENTION_DAYS: the submission keeps a note that its files
 * were removed (when, and how many), and the files are found by age through an index.
 */
export class UploadRetention1764000000400 implements MigrationInterface {
  name = 'UploadRetention1764000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE form_submission ADD COLUMN files_removed_at timestamptz, ADD COLUMN files_removed_count integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE INDEX form_submission_file_created_at_idx ON form_submission_file (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX form_submission_file_created_at_idx`);
    await queryRunner.query(`ALTER TABLE form_submission DROP COLUMN files_removed_count, DROP COLUMN files_removed_at`);
  }
}
