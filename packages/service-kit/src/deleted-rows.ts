/**
 * How many rows a DELETE run through `dataSource.query` removed: TypeORM answers a DELETE (or UPDATE)
 * with `[rows, rowCount]` rather than the rows alone.
 */
export function deletedRows(result: unknown): number {
  if (Array.isArray(result) && result.length === 2 && typeof result[1] === 'number') return result[1];
  return Array.isArray(result) ? result.length : 0;
}
