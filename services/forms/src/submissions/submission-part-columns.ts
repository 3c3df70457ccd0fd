import { Column, CreateDateColumn, PrimaryColumn } from 'typeorm';

/**
 * A row that belongs to one submission (an uploaded file, a booked slot): its own uuid, given by the
 * service, the submission's id and when it was written. An entity that extends this class gets these
 * columns (TypeORM reads the decorators of its parent classes).
 */
export abstract class SubmissionPartColumns {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
