import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's list of submissions (GET /internal/forms/submissions) reads a page newest first,
 * keyset on (created_at, id), of one form or of all: each page is then an index range read of `limit`
 * rows wherever it starts, never a sort of the whole table (100k submissions: a sort per page).
 * `form_submission_page_idx` also serves what the old (form_name, created_at) index served (the
 * export: a form's submissions from a time on, read backwards), so that one goes.
 */
export class SubmissionPageIndex1764000000600 implements MigrationInterface {
  name = 'SubmissionPageIndex1764000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX form_submission_page_idx ON form_submission (form_name, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX form_submission_created_at_id_idx ON form_submission (created_at DESC, id DESC)`);
    await queryRunner.query(`DROP INDEX form_submission_form_name_created_at_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX form_submission_form_name_created_at_idx ON form_submission (form_name, created_at)`);
    await queryRunner.query(`DROP INDEX form_submission_created_at_id_idx`);
    await queryRunner.query(`DROP INDEX form_submission_page_idx`);
  }
}
