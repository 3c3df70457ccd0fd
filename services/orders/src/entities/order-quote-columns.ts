import { Column } from 'typeorm';
import { centsColumn } from './numeric-transformer.js';
import { RecordColumns } from './record-columns.js';

/**
 * What an order and a quote both record (spec §3): who it is for, how it ships, its totals and its
 * split-payment terms. The same columns in tables of their own (orders, quote), as AddressColumns
 * is for their addresses. Amounts are integer cents computed by the server.
 */
export abstract class OrderQuoteColumns extends RecordColumns {
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 50 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50 })
  lastName!: string;

  /** the signed-in customer's id (My Orders, My Quotes); null for a guest */
  @Column({ name: 'customer_id', type: 'varchar', length: 64, nullable: true })
  customerId!: string | null;

  @Column({ name: 'po_number', type: 'varchar', length: 64, nullable: true })
  poNumber!: string | null;

  @Column({ name: 'shipping_method', type: 'varchar', length: 64 })
  shippingMethod!: string;

  @Column({ name: 'shipping_label', type: 'varchar', length: 128 })
  shippingLabel!: string;

  @Column({ name: 'additional_notes', type: 'text', nullable: true })
  additionalNotes!: string | null;

  @Column({ name: 'subtotal_cents', ...centsColumn })
  /** cents */
  subtotal!: number;

  @Column({ name: 'shipping_amount_cents', ...centsColumn })
  /** cents: the shipping method's price on an order, what staff set on a quote */
  shippingAmount!: number;

  @Column({ name: 'tax_amount_cents', ...centsColumn })
  /** cents */
  taxAmount!: number;

  @Column({ name: 'discount_amount_cents', ...centsColumn })
  /** cents */
  discountAmount!: number;

  @Column({ name: 'total_cents', ...centsColumn })
  /** cents: what the customer pays */
  total!: number;

  @Column({ name: 'split_payment_enabled', type: 'boolean', default: false })
  splitPaymentEnabled!: boolean;

  @Column({ name: 'minimum_split_amount_cents', ...centsColumn, nullable: true })
  /** cents */
  minimumSplitAmount!: number | null;
}
