import { Column, Entity, Index } from 'typeorm';
import { SubmissionPartColumns } from '../submissions/submission-part-columns.js';

/** One uploaded file of a submission, stored on disk under `storedName` in FORMS_UPLOAD_DIR. */
@Entity({ name: 'form_submission_file' })
@Index('form_submission_file_submission_id_idx', ['submissionId'])
export class FormSubmissionFileEntity extends SubmissionPartColumns {
  @Column({ name: 'field_name', type: 'varchar', length: 64 })
  fieldName!: string;

  /** the shopper's name for it, cleaned: for display only, never a path */
  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName!: string;

  /** UUID + the extension of the detected type */
  @Column({ name: 'stored_name', type: 'varchar', length: 64 })
  storedName!: string;

  /** the type found in the content (file-type), not the browser's claim */
  @Column({ name: 'mime_type', type: 'varchar', length: 127 })
  mimeType!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ type: 'char', length: 64 })
  sha256!: string;
}
