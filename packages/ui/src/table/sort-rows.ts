export type SortDirection = 'ascending' | 'descending';
export type SortValue = string | number | Date | null | undefined;

// Made on the first sort, not when a page with a table loads (building an Intl object is not free).
let collator: Intl.Collator | undefined;

/** Compares two cell values: numbers and dates by value, text naturally ("Item 2" < "Item 10"); empty last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  collator ??= new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

/** A stable sort of rows by one value; empty values stay last in both directions. */
export function sortRows<Row>(rows: readonly Row[], valueOf: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((x, y) => {
      const emptyX = x.value === null || x.value === undefined || x.value === '';
      const emptyY = y.value === null || y.value === undefined || y.value === '';
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareSortValues(x.value, y.value) || x.index - y.index;
    })
    .map(({ row }) => row);
}
