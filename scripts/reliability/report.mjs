// The reliability run's one table: figure | measured | should be | ok, as aligned text for the
// terminal or as Markdown for the README (`node scripts/reliability/run.mjs --markdown`).

/**
 * @typedef {{ figure: string, measured: number | string, expected: string, ok: boolean }} Row
 * @typedef {{ scenario: string, rows: Row[] }} Section
 */

const HEADERS = ['figure', 'measured', 'should be', 'ok'];

const cells = (row) => [row.figure, typeof row.measured === 'number' ? row.measured.toLocaleString('en-US') : String(row.measured), row.expected, row.ok ? 'ok' : 'FAIL'];

/**
 * Aligned text: one line per figure under its scenario's heading.
 * @param {Section[]} sections
 */
export function formatText(sections) {
  const all = sections.flatMap((section) => section.rows.map(cells));
  const widths = HEADERS.map((header, column) => Math.max(header.length, ...all.map((row) => row[column].length)));
  const line = (values) => values.map((value, column) => (column === values.length - 1 ? value : value.padEnd(widths[column]))).join('  ');
  const out = [line(HEADERS), line(widths.map((width) => '-'.repeat(width)))];
  for (const section of sections) {
    out.push(`[${section.scenario}]`);
    for (const row of section.rows) out.push(line(cells(row)));
  }
  return out.join('\n');
}

const escapeMarkdown = (text) => text.replaceAll('|', '\\|');

/**
 * A Markdown table (the scenario in the first column).
 * @param {Section[]} sections
 */
export function formatMarkdown(sections) {
  const out = ['| scenario | figure | measured | should be | ok |', '|---|---|---:|---|---|'];
  for (const section of sections) {
    for (const row of section.rows) {
      const [figure, measured, expected, ok] = cells(row).map(escapeMarkdown);
      out.push(`| ${section.scenario} | ${figure} | ${measured} | ${expected} | ${ok} |`);
    }
  }
  return out.join('\n');
}

/** Whether every row of every section is ok (and there is at least one). */
export function allOk(sections) {
  const rows = sections.flatMap((section) => section.rows);
  return rows.length > 0 && rows.every((row) => row.ok === true);
}
