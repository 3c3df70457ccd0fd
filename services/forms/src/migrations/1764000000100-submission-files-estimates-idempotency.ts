import { IDEMPOTENCY_RECORDS_DDL } from '@storefront/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded files of a submission (the files themselves live in FORMS_UPLOAD_DIR), the server's
 * estimate of an estimator submission, and the answers of idempotent submits.
 */
export class SubmissionFilesEstimatesIdempotency1764000000100 implements MigrationInterface {
  name = 'SubmissionFilesEstimatesIdempotency1764000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE form_submission_file (
        id uuid PRIMARY KEY,
        submission_id uuid NOT NULL REFERENCES form_submission (id) ON DELETE CASCADE,
        field_name varchar(64) NOT NULL,
        original_name varchar(255) NOT NULL,
        stored_name varchar(64) NOT NULL UNIQUE,
        mime_type varchar(127) NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes >= 0),
        sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX form_submission_file_submission_id_idx ON form_submission_file (submission_id)`);
    await queryRunner.query(`ALTER TABLE form_submission ADD COLUMN estimate jsonb`);
    await queryRunner.query(IDEMPOTENCY_RECORDS_DDL);
    await queryRunner.query(`CREATE INDEX idempotency_records_created_at_idx ON idempotency_records (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotency_records`);
    await queryRunner.query(`ALTER TABLE form_submission DROP COLUMN estimate`);
    await queryRunner.query(`DROP TABLE form_submission_file`);
  }
}
