import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox also carries the forms service's e-mails (POST /internal/email/queue): two more kinds. */
export class FormEmailKinds1764000000630 implements MigrationInterface {
  name = 'FormEmailKinds1764000000630';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
        CHECK (kind IN ('order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation',
                        'form-confirmation', 'form-staff-notification'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
        CHECK (kind IN ('order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation'))`);
  }
}
