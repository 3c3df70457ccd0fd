import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The local mailbox: where e-mail goes when no SMTP_URL is set (see mailbox/). */
export class CreateMailboxMessage1764000000620 implements MigrationInterface {
  name = 'CreateMailboxMessage1764000000620';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mailbox_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "to" varchar(254) NOT NULL,
        cc text[] NOT NULL DEFAULT '{}',
        subject text NOT NULL,
        text text NOT NULL,
        html text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX mailbox_message_sent_at_idx ON mailbox_message (sent_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mailbox_message`);
  }
}
