import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The booking calendar's slots: one row per booked appointment, and a unique index over the active
 * ones (not cancelled) so the database itself refuses a second booking of the same slot, whatever
 * races between two requests.
 */
export class BookedSlots1764000000500 implements MigrationInterface {
  name = 'BookedSlots1764000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE booked_slot (
        id uuid PRIMARY KEY,
        submission_id uuid NOT NULL REFERENCES form_submission (id) ON DELETE CASCADE,
        form_name varchar(64) NOT NULL,
        slot_date date NOT NULL,
        start_minute integer NOT NULL CHECK (start_minute >= 0 AND start_minute < 1440),
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX booked_slot_active_key ON booked_slot (form_name, slot_date, start_minute) WHERE cancelled_at IS NULL`);
    await queryRunner.query(`CREATE INDEX booked_slot_submission_id_idx ON booked_slot (submission_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE booked_slot`);
  }
}
