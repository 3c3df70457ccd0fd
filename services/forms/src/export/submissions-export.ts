import type { FormField } from '@storefront/contracts';
import type { ContentStore } from '@storefront/site-config';
import type { ExportArgs } from './export-args.js';
import type { ExportedSubmission } from './submissions-csv.js';

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
}

/** A form's submissions, oldest first, from `since` on when given (the forms service's own schema). */
export async function readSubmissions(db: Queryable, { form, since }: Pick<ExportArgs, 'form' | 'since'>): Promise<ExportedSubmission[]> {
  const { rows } = await db.query<SubmissionRow>(
    `SELECT id, form_name, data, step_count, created_at, updated_at
       FROM forms.form_submission
      WHERE form_name = $1 AND ($2::timestamptz IS NULL OR created_at >= $2)
      ORDER BY created_at, id`,
    [form, since ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    formName: row.form_name,
    data: row.data,
    stepCount: row.step_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

function fieldNames(fields: readonly FormField[] | undefined): string[] {
  return (fields ?? []).map((field) => field.name);
}

/**
 * The form definition's field order (every step's for a multi-step form), so columns read like the
 * form; empty when the definition is gone (its stored answers still export, in the order first seen).
 */
export async function fieldOrderOf(store: ContentStore, form: string): Promise<string[]> {
  try {
    const definition = (await store.loadFormDefinition(form)) as { fields?: FormField[]; steps?: { fields?: FormField[] }[] };
    return [...new Set([...fieldNames(definition.fields), ...(definition.steps ?? []).flatMap((step) => fieldNames(step.fields))])];
  } catch {
    return [];
  }
}
