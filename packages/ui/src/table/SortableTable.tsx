import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../Button.js';
import { pageWindow } from '../pagination/page-numbers.js';
import { sortRows, type SortDirection, type SortValue } from './sort-rows.js';

/** Generic table page sizes (§9). */
export const TABLE_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 10;

export interface TableColumn<Row> {
  key: string;
  header: string;
  /** The cell; defaults to the sort value as text. */
  render?: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => SortValue;
  /** Numbers and money read better right-aligned. */
  align?: 'start' | 'end';
}

export interface SortableTableProps<Row> {
  /** What the table lists; read by screen readers and shown above the table. */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  initialSort?: { key: string; direction: SortDirection };
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  emptyMessage?: string;
}

/**
 * A table that sorts by any sortable column (click the header; again to reverse) and pages its rows
 * with a page-size choice and a window of two pages either side of the current one. Sorting or a new
 * page size returns to the first page. It scrolls sideways on its own on narrow screens.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  pageSizes = TABLE_PAGE_SIZES,
  defaultPageSize = TABLE_DEFAULT_PAGE_SIZE,
  emptyMessage = 'No Data Found',
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState(initialSort);
  const [pageSize, setPageSize] = useState(pageSizes.includes(defaultPageSize) ? defaultPageSize : pageSizes[0] ?? TABLE_DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const sizeId = useId();

  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.key === sort.key);
    return sort && column?.sortValue ? sortRows(rows, column.sortValue, sort.direction) : [...rows];
  }, [rows, columns, sort]);

  const totalPages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, totalPages);
  const visible = sorted.slice((current - 1) * pageSize, current * pageSize);

  const sortBy = (key: string) => {
    setSort((previous) => ({
      key,
      direction: previous?.key === key && previous.direction === 'ascending' ? 'descending' : 'ascending',
    }));
    setPage(1);
  };

  return (
    <div className="sf-table">
      <div className="sf-table__scroll" role="region" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                    className={column.align === 'end' ? 'sf-table__cell--end' : undefined}
                  >
                    {column.sortValue ? (
                      <button type="button" className="sf-table__sort" onClick={() => sortBy(column.key)}>
                        {column.header}
                        <span aria-hidden="true" className="sf-table__sort-icon">
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="sf-table__empty">
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.align === 'end' ? 'sf-table__cell--end' : undefined}>
                      {column.render ? column.render(row) : String(column.sortValue?.(row) ?? '')}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {sorted.length > Math.min(...pageSizes) && (
        <div className="sf-table__footer">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            className="sf-input sf-table__size"
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          {totalPages > 1 && (
            <nav className="sf-table__pages" aria-label={`${caption} pages`}>
              <Button variant="link" onClick={() => setPage(current - 1)} disabled={current === 1}>
                Previous
              </Button>
              {pageWindow(current, totalPages).map((n) => (
                <Button
                  key={n}
                  variant={n === current ? 'primary' : 'link'}
                  aria-current={n === current ? 'page' : undefined}
                  aria-label={`Page ${n}`}
                  onClick={() => setPage(n)}
                >
                  {n}
                </Button>
              ))}
              <Button variant="link" onClick={() => setPage(current + 1)} disabled={current === totalPages}>
                Next
              </Button>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}
