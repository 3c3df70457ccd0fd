import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The form_submission table (search_path is the service's "forms" schema). */
export class CreateFormSubmission1764000000000 implements MigrationInterface {
  name = 'CreateFormSubmission1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE form_submission (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        form_name varchar(64) NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        step_count integer NOT NULL DEFAULT 1,
        request_id varchar(128),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX form_submission_form_name_created_at_idx ON form_submission (form_name, created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE form_submission`);
  }
}
