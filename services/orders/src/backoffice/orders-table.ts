import type { OrderSummary } from '../orders/order-admin.service.js';

/** The readable form of `order list`: one aligned line per order under a header. */
export function ordersTable(orders: readonly OrderSummary[]): string {
  if (orders.length === 0) return 'No orders.';
  const rows = [
    ['NUMBER', 'DATE (UTC)', 'STATUS', 'PAYMENT', 'TOTAL', 'SPLIT', 'ID'],
    ...orders.map((order) => [
      order.number,
      order.date.slice(0, 16).replace('T', ' '),
      order.status,
      order.paymentStatus,
      order.total,
      order.splitPaymentEnabled ? `on, minimum ${order.minimumSplitAmount ?? '-'}` : 'off',
      order.id,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => (column === 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd())
    .join('\n');
}
