/** One stored submission as the export reads it. */
export interface ExportedSubmission {
  id: string;
  formName: string;
  data: Record<string, unknown>;
  stepCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns every export starts with; the form's fields follow. */
export const FIXED_COLUMNS = ['id', 'form', 'submitted_at', 'updated_at', 'steps'] as const;

/**
 * A cell as text: lists joined with "; ", objects as JSON. A text starting with =, +, - or @ (or a tab
 * or carriage return) is prefixed with ' so a spreadsheet shows it instead of running it as a formula:
 * form answers are typed by anyone on the internet.
 */
export function cellText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value)) text = value.map((item) => cellText(item)).join('; ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The submissions as CSV (CRLF line ends, a header row). Field columns come in `fieldOrder` (the form
 * definition's order) first, then any other stored field in the order first seen, so an answer is
 * never dropped because the definition changed since it was stored.
 */
export function submissionsCsv(rows: readonly ExportedSubmission[], fieldOrder: readonly string[] = []): string {
  const fields = [...fieldOrder];
  const known = new Set(fields);
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
    const cells = [row.id, row.formName, row.createdAt.toISOString(), row.updatedAt.toISOString(), String(row.stepCount), ...fields.map((field) => cellText(row.data[field]))];
    lines.push(cells.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
