// The small version of `npm run test:reliability`, inside `npm test` (test:integration) so CI keeps
// the harness honest: one stack, every scenario at its small size, every figure as it should be,
// within 90 s. The services must be built (test:integration builds them first).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatText } from './report.mjs';
import { BOUNDS_MS, runReliability } from './run.mjs';

test('the reliability figures hold at the small size (checkouts, forged requests, fuzzing, faults)', { timeout: BOUNDS_MS.small + 60_000 }, async () => {
  const lines = [];
  const result = await runReliability({ size: 'small', log: (line) => lines.push(line) });
  const table = formatText(result.sections);
  // the table is the test's output either way: a failing row is read next to the others
  console.log(table);
  const failed = result.sections.flatMap((section) => section.rows.filter((row) => !row.ok).map((row) => `${section.scenario}: ${row.figure}: ${row.measured} (should be ${row.expected})`));
  assert.deepEqual(failed, [], `figures off:\n${failed.join('\n')}\n\nprogress:\n${lines.slice(-40).join('\n')}`);
});
