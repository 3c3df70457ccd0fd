import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A multi-step submission is continued with a secret, not its id: the SHA-256 of the token its first
 * step returned (NULL once the last step is in, or for single-step forms: nothing to continue).
 * And the confirmation e-mails sent per recipient, counted across replicas, so the site cannot be
 * made to mail one address over and over.
 */
export class ContinuationTokensConfirmationQuota1764000000300 implements MigrationInterface {
  name = 'ContinuationTokensConfirmationQuota1764000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE form_submission ADD COLUMN continuation_token_hash char(64)`);
    await queryRunner.query(`
      CREATE TABLE confirmation_email_sent (
        recipient_hash char(64) NOT NULL,
        submission_id uuid NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (recipient_hash, submission_id)
      )`);
    await queryRunner.query(`CREATE INDEX confirmation_email_sent_recipient_sent_at_idx ON confirmation_email_sent (recipient_hash, sent_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE confirmation_email_sent`);
    await queryRunner.query(`ALTER TABLE form_submission DROP COLUMN continuation_token_hash`);
  }
}
