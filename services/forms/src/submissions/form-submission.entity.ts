import type { StoredEstimate } from '@storefront/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One submitted form. A multi-step form keeps one row: each later step is merged into `data`. The
 * indexes (migration 1764000000600) are (form_name, created_at DESC, id DESC) and (created_at DESC,
 * id DESC): the back office's pages, newest first, of one form or of all.
 */
@Entity({ name: 'form_submission' })
@Index('form_submission_page_idx', ['formName', 'createdAt', 'id'])
@Index('form_submission_created_at_id_idx', ['createdAt', 'id'])
export class FormSubmissionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'form_name', type: 'varchar', length: 64 })
  formName!: string;

  /** Field values after validation (unknown and hidden fields dropped). */
  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  metadata!: Record<string, unknown>;

  /** Estimator submissions: the server's price and summary rows. */
  @Column({ type: 'jsonb', nullable: true })
  estimate!: StoredEstimate | null;

  /** How many steps have been sent (1 for a single-step form). */
  @Column({ name: 'step_count', type: 'integer', default: 1 })
  stepCount!: number;

  /** SHA-256 of the secret that continues a multi-step submission; null when there is nothing to continue. */
  @Column({ name: 'continuation_token_hash', type: 'char', length: 64, nullable: true })
  continuationTokenHash!: string | null;

  /** The request id of the last request that wrote this row, to find it in the logs. */
  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
