import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail outbox (see email/email-outbox.entity.ts). order_id has no foreign key on purpose: the
 * outbox is a record of what was sent and outlives any clean-up of orders.
 */
export class CreateEmailOutbox1764000000610 implements MigrationInterface {
  name = 'CreateEmailOutbox1764000000610';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid,
        kind varchar(64) NOT NULL
          CHECK (kind IN ('order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation')),
        dedupe_key varchar(200) NOT NULL UNIQUE,
        recipient varchar(254) NOT NULL,
        cc text[] NOT NULL DEFAULT '{}',
        subject text NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // What the worker scans: only rows still to deliver, so sent mail does not slow it down.
    await q.query(`
      CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at)
      WHERE status IN ('queued', 'sending')`);
    await q.query(`CREATE INDEX email_outbox_order_id_idx ON email_outbox (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_outbox`);
  }
}
