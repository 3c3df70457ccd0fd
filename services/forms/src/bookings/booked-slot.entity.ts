import { Column, Entity, Index } from 'typeorm';
import { SubmissionPartColumns } from '../submissions/submission-part-columns.js';

/**
 * One appointment's claim on a slot of a booking form. The database keeps one active claim per slot
 * (booked_slot_active_key, a unique index on form, date and start over the rows not cancelled), so two
 * visitors sending the same slot at the same moment cannot both be booked: the second insert waits for
 * the first transaction and then fails. A cancelled appointment (cancelled_at set) frees its slot.
 */
@Entity({ name: 'booked_slot' })
@Index('booked_slot_submission_id_idx', ['submissionId'])
export class BookedSlotEntity extends SubmissionPartColumns {
  @Column({ name: 'form_name', type: 'varchar', length: 64 })
  formName!: string;

  /** the business's calendar date (YYYY-MM-DD), in the booking form's time zone */
  @Column({ name: 'slot_date', type: 'date' })
  slotDate!: string;

  /** minutes after midnight on the business's wall clock */
  @Column({ name: 'start_minute', type: 'integer' })
  startMinute!: number;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;
}
