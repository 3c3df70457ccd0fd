import { allFormFields } from '@storefront/contracts';
import { fieldTypeOf } from '@storefront/form-schema';
import { passwordFieldNames } from '../submissions/password-hash.js';
import type { ContentStore } from '@storefront/site-config';
import type { ExportArgs } from './export-args.js';
import { submissionsCsv, type ExportedSubmission } from './submissions-csv.js';

/** What the export needs of a database client (pg's Client and Pool both fit). */
export interface Queryable {
  query<R>(sql: string, params: unknown[]): Promise<{ rows: R[] }>;
}

interface SubmissionRow {
  id: string;
  form_name: string;
  data: Record<string, unknown>;
  step_count: number;
  created_at: Date;
  updated_at: Date;
  files: { id: string; storedName: string }[];
}

/** A form's submissions, oldest first, from `since` on when given (the forms service's own schema). */
export async function readSubmissions(db: Queryable, { form, since }: Pick<ExportArgs, 'form' | 'since'>): Promise<ExportedSubmission[]> {
  const { rows } = await db.query<SubmissionRow>(
    `SELECT s.id, s.form_name, s.data, s.step_count, s.created_at, s.updated_at,
            COALESCE((SELECT jsonb_agg(jsonb_build_object('id', f.id, 'storedName', f.stored_name))
                        FROM forms.form_submission_file f WHERE f.submission_id = s.id), '[]'::jsonb) AS files
       FROM forms.form_submission s
      WHERE s.form_name = $1 AND ($2::timestamptz IS NULL OR s.created_at >= $2)
      ORDER BY s.created_at, s.id`,
    [form, since ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    formName: row.form_name,
    data: row.data,
    stepCount: row.step_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    files: row.files,
  }));
}

/** What the export needs of the definition: column order, file fields, password fields. */
export interface FormExportShape {
  order: string[];
  fileFields: Set<string>;
  passwordFields: Set<string>;
}

/**
 * The form definition's field order (every step's for a multi-step form), so columns read like the
 * form, its file fields and its password fields; empty when the definition is gone (its stored
 * answers still export, in the order first seen; values that are password hashes are still left out).
 */
export async function formExportShape(store: ContentStore, form: string): Promise<FormExportShape> {
  try {
    const fields = allFormFields(await store.loadFormDefinition(form));
    return {
      order: [...new Set(fields.map((field) => field.name))],
      fileFields: new Set(fields.filter((field) => fieldTypeOf(field).file).map((field) => field.name)),
      passwordFields: passwordFieldNames(fields),
    };
  } catch {
    return { order: [], fileFields: new Set(), passwordFields: new Set() };
  }
}

/**
 * A form's submissions as the export's CSV: what `npm run -s submissions -- export` prints and
 * GET /internal/forms/submissions.csv answers (the back office), from the same rows, definition and
 * upload folder (file cells list the stored files' paths under `uploadDir`).
 */
export async function exportSubmissionsCsv(
  db: Queryable,
  store: ContentStore,
  args: Pick<ExportArgs, 'form' | 'since'>,
  uploadDir: string,
): Promise<{ csv: string; count: number }> {
  const [rows, shape] = await Promise.all([readSubmissions(db, args), formExportShape(store, args.form)]);
  return { csv: submissionsCsv(rows, shape.order, { ...shape, uploadDir }), count: rows.length };
}
