import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation',
                        'form-confirmation', 'form-staff-notification'`;

/**
 * The outbox also carries a quote's payment link to its customer (back office `quote create|link
 * --send`, order_id NULL): one more kind. Like 630's, `down` fails while such rows exist (the outbox
 * is a record and is never deleted from).
 */
export class QuotePaymentLinkEmailKind1764000001100 implements MigrationInterface {
  name = 'QuotePaymentLinkEmailKind1764000001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
        CHECK (kind IN (${KINDS_BEFORE},
                        'quote-payment-link'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
        CHECK (kind IN (${KINDS_BEFORE}))`);
  }
}
