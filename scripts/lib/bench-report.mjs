// Formatting for `npm run bench`: plain-text tables and the figures in them.

/**
 * Rows of cells (the first row is the header) as aligned text: figures right, the first column and
 * `leftColumns` (text) left.
 */
export function table(rows, { indent = '  ', leftColumns = [0] } = {}) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const cell = (value, column) =>
    leftColumns.includes(column) ? String(value).padEnd(widths[column]) : String(value).padStart(widths[column]);
  return rows.map((row) => (indent + row.map(cell).join('  ')).trimEnd()).join('\n');
}

const missing = '–';

export function ms(value) {
  if (value === undefined || Number.isNaN(value)) return missing;
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

export function fixed(value, digits) {
  return value === undefined || Number.isNaN(value) ? missing : value.toFixed(digits);
}

export function whole(value) {
  return value === undefined || Number.isNaN(value) ? missing : Math.round(value).toLocaleString('en-US');
}

export function ratio(numerator, denominator) {
  if (numerator === undefined || !denominator) return missing;
  return `${(numerator / denominator).toFixed(2)}×`;
}

export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
