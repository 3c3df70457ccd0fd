import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation',
                      'form-confirmation', 'form-staff-notification', 'quote-payment-link', 'password-reset'`;

/**
 * Tokens that end: an order made from a quote's payment link keeps that link's hash
 * (quote_payment_link_hash), so the order token the link gave it stops viewing and paying once the
 * link expires or is replaced; order view tokens get an expiry (those already handed out: 90 days
 * from when they were made). No foreign key on the link: a link that is gone opens nothing, and
 * deleting a quote's links must not be blocked by its order. E-mails already sent or dead-lettered
 * lose their links' tokens, as every one will from now on (EmailOutbox.forgetSecrets). One more
 * e-mail kind: "you already have an account", sent instead of registering an e-mail twice. Sessions
 * record their last use (last_seen_at), for the idle limit.
 */
export class TokenLifetimes1764000002300 implements MigrationInterface {
  name = 'TokenLifetimes1764000002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN quote_payment_link_hash char(64)`);
    await q.query(`
      UPDATE orders o SET quote_payment_link_hash = l.token_hash
        FROM quote_payment_link l WHERE l.token_hash = o.order_token_hash`);
    await q.query(`ALTER TABLE order_view_token ADD COLUMN expires_at timestamptz`);
    await q.query(`UPDATE order_view_token SET expires_at = created_at + interval '90 days'`);
    await q.query(`ALTER TABLE order_view_token ALTER COLUMN expires_at SET NOT NULL`);
    await q.query(`CREATE INDEX order_view_token_expires_at_idx ON order_view_token (expires_at)`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (${KINDS_BEFORE}, 'account-exists'))`);
    await q.query(`ALTER TABLE customer_session ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`
      UPDATE email_outbox
         SET html = regexp_replace(html, 'token=[A-Za-z0-9_-]{43}', 'token=removed', 'g'),
             text = regexp_replace(text, 'token=[A-Za-z0-9_-]{43}', 'token=removed', 'g')
       WHERE status IN ('sent', 'failed') AND (html ~ 'token=[A-Za-z0-9_-]{43}' OR text ~ 'token=[A-Za-z0-9_-]{43}')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customer_session DROP COLUMN last_seen_at`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (${KINDS_BEFORE}))`);
    await q.query(`ALTER TABLE order_view_token DROP COLUMN expires_at`);
    await q.query(`ALTER TABLE orders DROP COLUMN quote_payment_link_hash`);
  }
}
