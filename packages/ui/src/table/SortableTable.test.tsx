import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SortableTable, type TableColumn } from './SortableTable.js';
import { sortRows } from './sort-rows.js';

interface OrderRow {
  id: string;
  total: number;
  status: string;
}

const rows: OrderRow[] = Array.from({ length: 95 }, (_, index) => ({
  id: `Item ${index + 1}`,
  total: (index * 37) % 101,
  status: index % 2 ? 'ordered' : 'pending',
}));

const columns: TableColumn<OrderRow>[] = [
  { key: 'id', header: 'Order', sortValue: (row) => row.id },
  { key: 'total', header: 'Total', sortValue: (row) => row.total, align: 'end', render: (row) => `$${row.total}.00` },
  { key: 'status', header: 'Status', render: (row) => row.status },
];

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell');
const firstCell = () => cells(bodyRows()[0])[0]!.textContent;

describe('SortableTable', () => {
  it('shows 10 rows by default with a window of two pages either side', async () => {
    render(<SortableTable caption="Orders" columns={columns} rows={rows} rowKey={(row: OrderRow) => row.id} />);
    expect(bodyRows()).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(within(pages).getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(firstCell()).toBe('Item 21');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('sorts by a column header, reverses on a second click and returns to page 1', async () => {
    render(<SortableTable caption="Orders" columns={columns} rows={rows} rowKey={(row: OrderRow) => row.id} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const totalHeader = screen.getByRole('columnheader', { name: /Total/ });
    await userEvent.click(within(totalHeader).getByRole('button'));
    expect(totalHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(cells(bodyRows()[0])[1]).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(totalHeader).getByRole('button'));
    expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
    expect(cells(bodyRows()[0])[1]).toHaveTextContent('$100.00');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
  });

  it('sorts text naturally and offers page sizes 10 to 50', async () => {
    render(<SortableTable caption="Orders" columns={columns} rows={rows} rowKey={(row: OrderRow) => row.id} initialSort={{ key: 'id', direction: 'ascending' }} />);
    expect(bodyRows().slice(0, 3).map((row) => cells(row)[0]!.textContent)).toEqual(['Item 1', 'Item 2', 'Item 3']);
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '30', '40', '50']);
    await userEvent.selectOptions(size, '50');
    expect(bodyRows()).toHaveLength(50);
  });

  it('says "No Data Found" with no rows', () => {
    render(<SortableTable caption="Orders" columns={columns} rows={[]} rowKey={(row: OrderRow) => row.id} />);
    expect(screen.getByRole('cell', { name: 'No Data Found' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('sortRows', () => {
  it('keeps empty values last in both directions and is stable', () => {
    const data = [{ v: 2 }, { v: null }, { v: 1 }, { v: 2 }];
    expect(sortRows(data, (row: { v: number | null }) => row.v, 'ascending').map((row) => row.v)).toEqual([1, 2, 2, null]);
    expect(sortRows(data, (row: { v: number | null }) => row.v, 'descending').map((row) => row.v)).toEqual([2, 2, 1, null]);
    const ties = sortRows(data, (row: { v: number | null }) => row.v, 'descending');
    expect(ties[0]).toBe(data[0]);
  });
});
