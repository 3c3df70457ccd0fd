export { SortableTable, TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './SortableTable.js';
export type { SortableTableProps, TableColumn } from './SortableTable.js';
export { compareSortValues, sortRows } from './sort-rows.js';
export type { SortDirection, SortValue } from './sort-rows.js';
