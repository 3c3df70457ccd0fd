/**
 * CSV for the back office's exports (form submissions, orders), opened in spreadsheets by staff.
 *
 * A cell as text: lists joined with "; ", objects as JSON. A text starting with =, +, - or @ (or a tab
 * or carriage return) is prefixed with ' so a spreadsheet shows it instead of running it as a formula:
 * what is exported was typed by anyone on the internet.
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

/** One CSV line of values (CRLF ended, as RFC 4180 writes them). */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map((value) => csvField(cellText(value))).join(',')}\r\n`;
}
