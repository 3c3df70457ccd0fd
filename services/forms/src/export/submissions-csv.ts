import path from 'node:path';
import { cellText, csvField } from '@storefront/service-kit';

/** One stored submission as the export reads it. */
export interface ExportedSubmission {
  id: string;
  formName: string;
  data: Record<string, unknown>;
  stepCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** its uploaded files (form_submission_file) */
  files?: { id: string; storedName: string }[];
}

/** How the form's fields are exported beyond their order. */
export interface ExportOptions {
  /** where the stored files are (FORMS_UPLOAD_DIR): file cells list absolute paths under it */
  uploadDir?: string;
  /** file fields of the definition (a stored value of `{ fileId }` refs marks one too) */
  fileFields?: ReadonlySet<string>;
  /** password fields, "group.field" for a group's: never exported, not even hashed */
  passwordFields?: ReadonlySet<string>;
}

/** The columns every export starts with; the form's fields follow. */
export const FIXED_COLUMNS = ['id', 'form', 'submitted_at', 'updated_at', 'steps'] as const;

// cellText and csvField are service-kit's (the orders' export writes CSV the same way)

/**
 * The submissions as CSV (CRLF line ends, a header row). Field columns come in `fieldOrder` (the form
 * definition's order) first, then any other stored field in the order first seen, so an answer is
 * never dropped because the definition changed since it was stored.
 */
export function submissionsCsv(rows: readonly ExportedSubmission[], fieldOrder: readonly string[] = [], options: ExportOptions = {}): string {
  const passwords = options.passwordFields ?? new Set<string>();
  const fields = fieldOrder.filter((field) => !passwords.has(field));
  const known = new Set([...fields, ...passwords]);
  for (const row of rows) {
    for (const key of Object.keys(row.data)) {
      if (!known.has(key)) {
        known.add(key);
        fields.push(key);
      }
    }
  }
  const lines = [[...FIXED_COLUMNS, ...fields].map(csvField).join(',')];
  for (const row of rows) {
    const cells = [
      row.id,
      row.formName,
      row.createdAt.toISOString(),
      row.updatedAt.toISOString(),
      String(row.stepCount),
      ...fields.map((field) => exportedCell(row, field, options, passwords)),
    ];
    lines.push(cells.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const PASSWORD_HASH = /^scrypt\$N=\d+,r=\d+,p=\d+\$[\w-]+\$[\w-]+$/;

interface FileRef {
  fileId: string;
}

function isFileRefList(value: unknown): value is FileRef[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof (item as FileRef | null)?.fileId === 'string');
}

/** A group's value without its password sub-fields. */
function withoutPasswords(field: string, value: unknown, passwords: ReadonlySet<string>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !passwords.has(`${field}.${key}`)));
}

/**
 * One field's cell: a file field lists its files' absolute paths (one per line) so staff can open
 * them; anything else as cellText.
 */
function exportedCell(row: ExportedSubmission, field: string, options: ExportOptions, passwords: ReadonlySet<string>): string {
  const value = row.data[field];
  if (isFileRefList(value) || (options.fileFields?.has(field) && (value === undefined || isFileRefList(value)))) {
    const stored = new Map((row.files ?? []).map((file) => [file.id, file.storedName]));
    const dir = options.uploadDir ?? '';
    return (isFileRefList(value) ? value : [])
      .map((ref) => stored.get(ref.fileId))
      .filter((name): name is string => name !== undefined)
      .map((name) => path.resolve(dir, name))
      .join('\n');
  }
  // a password hash whose field the definition no longer names: still never exported
  if (typeof value === 'string' && PASSWORD_HASH.test(value)) return '';
  return cellText(withoutPasswords(field, value, passwords));
}
